import { roleMay, type AccessLevel, type AccountSelf } from '@site/shared-types';
import { selectToken, useAppSelector } from '@site/platform';
import { adminApi } from '../admin-api';

/** How often who-am-I is read again: the review count changes with other people's work. */
const ME_POLL_MS = 60_000;

/**
 * The signed-in account (`/api/me`, docs/behaviour.md#accounts-and-roles): name, role, two-step state and the review
 * count; `undefined` until it is read. One cache entry per session token.
 */
export function useAccount(): { account: AccountSelf | undefined; failed: boolean; refetch: () => void } {
  const token = useAppSelector(selectToken);
  const { currentData, isError, refetch } = adminApi.useMeQuery(token ?? '', {
    skip: !token,
    pollingInterval: ME_POLL_MS,
  });
  return { account: currentData, failed: isError, refetch: () => void refetch() };
}

/** Whether the signed-in account may do what needs `level` (false until it is known). */
export function useMay(level: AccessLevel): boolean {
  const { account } = useAccount();
  return account ? roleMay(account.role, level) : false;
}
