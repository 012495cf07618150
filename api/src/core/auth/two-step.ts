import { createHash, randomInt } from 'node:crypto';
import { DEFAULT_META, RECOVERY_CODE_COUNT, siteName } from '@site/shared-types';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Two-step sign-in's codes (docs/behaviour.md#two-step-sign-in): time-based one-time passwords as RFC 6238 has them
 * with the parameters every authenticator takes (SHA-1, six digits, 30 seconds: Google and Microsoft
 * Authenticator, the WeChat authenticator mini-programs), computed by `otpauth`; and one-time recovery codes.
 */

/** The name the authenticator shows above the account's e-mail. */
export const TWO_STEP_ISSUER = siteName(DEFAULT_META.title);

/** A code of the step before or after the server's is taken too (a phone's clock a little off, a slow typist). */
const WINDOW = 1;

/** Recovery codes are written from letters and digits that cannot be taken for each other (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
/** Two groups of four: `xxxx-xxxx`, about 40 bits, tried at the login's pace. */
const RECOVERY_GROUP = 4;

/** Six digits, as the authenticator shows them. */
export const TOTP_SHAPE = /^\d{6}$/;

function totp(secret: string, email = ''): TOTP {
  return new TOTP({
    issuer: TWO_STEP_ISSUER,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends), base32 as authenticators take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the QR code holds (`otpauth://totp/…`), and the code itself as a PNG `data:` URL. */
export async function totpSetup(secret: string, email: string): Promise<{ uri: string; qr: string }> {
  const uri = totp(secret, email).toString();
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { uri, qr };
}

/**
 * The time step a six-digit code belongs to, when it is the secret's code of the current step or of one step
 * either side; `null` otherwise. The caller takes the step only if it is later than the last one used (replay).
 */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  if (!TOTP_SHAPE.test(code)) return null;
  const otp = totp(secret);
  const delta = otp.validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : otp.counter({ timestamp }) + delta;
}

/** A code as the person typed it, as it is compared: spaces and the dash gone, lower case. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/** What is stored of a recovery code: the SHA-256 of its normalised form, so a typed dash or capital still matches. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(normalizeCode(code), 'utf8').digest('hex');
}

/** `RECOVERY_CODE_COUNT` new recovery codes, `xxxx-xxxx`, all different. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const chars = Array.from(
      { length: RECOVERY_GROUP * 2 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    );
    codes.add(`${chars.slice(0, RECOVERY_GROUP).join('')}-${chars.slice(RECOVERY_GROUP).join('')}`);
  }
  return [...codes];
}
