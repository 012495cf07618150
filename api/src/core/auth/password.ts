import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** The client sends the MD5 hex of the password (docs/behaviour.md#login); it is only ever stored through Argon2id. */
export const MD5_HEX = /^[a-f0-9]{32}$/;

/** OWASP's Argon2id baseline (19 MiB, 2 passes, 1 lane): about 30 ms here. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 18 letters and digits without look-alikes (about 104 bits): easy to copy from a log, hard to guess. */
export function generatePassword(): string {
  return Array.from(randomBytes(18), (byte) => PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]).join('');
}

export function md5Hex(plain: string): string {
  return createHash('md5').update(plain, 'utf8').digest('hex');
}

export function hashPassword(md5: string): Promise<string> {
  return hash(md5.toLowerCase(), ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string, md5: string): Promise<boolean> {
  try {
    return await verify(stored, md5.toLowerCase());
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/** Verifies against a throw-away hash, so an unknown e-mail costs the same time as a wrong password. */
export async function verifyAgainstNothing(md5: string): Promise<false> {
  dummy ??= hashPassword(md5Hex('no such administrator'));
  await verifyPassword(await dummy, md5);
  return false;
}
