import { failure } from '../api.exception.js';
import type { Sql } from '../sql.js';
import { MSG } from './auth.constants.js';
import { useRecoveryCode, useTotpStep } from './two-step.queries.js';
import { normalizeCode, recoveryCodeHash, TOTP_SHAPE, totpStep } from './two-step.js';

/**
 * Spends a second-step code of an account whose two-step sign-in is on: the authenticator's six digits (of a time
 * step later than the last one used, which becomes the last one) or one of its unused recovery codes (marked
 * used). Refuses (code 1) a wrong code and a code used before. Run it in the transaction whose work the code allows,
 * so a refusal later in it leaves the code unspent.
 */
export async function spendCode(db: Sql, account: { id: number; secret: string }, code: string): Promise<void> {
  const typed = normalizeCode(code);
  if (TOTP_SHAPE.test(typed)) {
    const step = totpStep(account.secret, typed);
    if (step === null) throw failure(MSG.wrongTwoStepCode);
    if (!(await useTotpStep(db, account.id, account.secret, step))) throw failure(MSG.usedTwoStepCode);
  } else if (!(await useRecoveryCode(db, account.id, recoveryCodeHash(typed)))) {
    throw failure(MSG.wrongTwoStepCode);
  }
}
