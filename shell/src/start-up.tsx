import { useEffect } from 'react';
import { decideStartupRedirect, redirectLocation } from '@site/shared-types';
import {
  api,
  keywordsFailed,
  keywordsLoaded,
  navigateTo,
  registerNavigator,
  useAppDispatch,
  useLocation,
  useNavigate,
} from '@site/platform';

/**
 * The redirect's address (with the query kept) for an address, or null (docs/behaviour.md#start-up-redirect). A
 * preview stays on the face it was made for, whatever the device (docs/behaviour.md#preview).
 */
export function redirectFor(pathname: string, search: string, mobileHosts: readonly string[]): string | null {
  if (new URLSearchParams(search).has('preview')) return null;
  const target = decideStartupRedirect({
    host: window.location.host,
    path: pathname,
    userAgent: navigator.userAgent,
    mobileHosts,
  });
  return target && target !== pathname ? redirectLocation(target, search) : null;
}

/**
 * What the shell does around every page: fetch the keywords once (records fill the meta and the store; any
 * refusal falls back to the defaults silently; each page's head hook, `usePageHead`, keeps the title and the meta
 * tags in step with them), and apply the start-up redirect
 * again on in-app navigation (the first one happens before anything renders, see bootstrap).
 */
export function StartUp({ mobileHosts }: { mobileHosts: readonly string[] }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    registerNavigator((path, options) => void navigate(path, options));
    return () => registerNavigator(null);
  }, [navigate]);

  useEffect(() => {
    const request = dispatch(api.endpoints.keywords.initiate());
    request.unwrap().then(
      (records) => dispatch(keywordsLoaded(records)),
      () => dispatch(keywordsFailed()),
    );
    return () => request.unsubscribe();
  }, [dispatch]);

  useEffect(() => {
    const target = redirectFor(pathname, search, mobileHosts);
    if (target) navigateTo(target, { replace: true });
  }, [pathname, search, mobileHosts]);

  return null;
}
