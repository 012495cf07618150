import { createHash } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@site/shared-types';
import { Secret, TOTP } from 'otpauth';
import { newRecoveryCodes, newTotpSecret, normalizeCode, recoveryCodeHash, totpStep } from './two-step.js';

describe('two-step codes', () => {
  // RFC 6238's SHA-1 test secret ("12345678901234567890"), whose codes the RFC lists (their last six digits).
  const rfcSecret = Secret.fromLatin1('12345678901234567890').base32;

  it("should take RFC 6238's codes at their time, and answer their step", () => {
    expect(totpStep(rfcSecret, '287082', 59_000)).toBe(1);
    expect(totpStep(rfcSecret, '081804', 1_111_111_109_000)).toBe(37_037_036);
    expect(totpStep(rfcSecret, '050471', 1_111_111_111_000)).toBe(37_037_037);
  });

  it('should take the step before and after the current one, and no further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    const at = (offset: number) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now + offset * 30_000 });
    expect(totpStep(secret, at(-1), now)).toBe(step - 1);
    expect(totpStep(secret, at(0), now)).toBe(step);
    expect(totpStep(secret, at(1), now)).toBe(step + 1);
    expect(totpStep(secret, at(2), now)).toBeNull();
    expect(totpStep(secret, at(-2), now)).toBeNull();
    expect(totpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('should make 160-bit secrets in base32', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('should make distinct recovery codes without look-alike characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
  });

  it('should hash a recovery code however it is typed', () => {
    const hash = createHash('sha256').update('abcd2345').digest('hex');
    expect(normalizeCode(' ABCD-2345 ')).toBe('abcd2345');
    expect(recoveryCodeHash('abcd-2345')).toBe(hash);
    expect(recoveryCodeHash('ABCD 2345')).toBe(hash);
  });
});
