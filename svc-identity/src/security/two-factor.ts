import { createHmac, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** What authenticator apps show next to the account (the otpauth URI's issuer). */
export const TOTP_ISSUER = 'DealFlow';
/** RFC 6238 defaults, which every authenticator app supports: SHA-1, 6 digits, 30 seconds. */
const TOTP_PERIOD = 30;
/**
 * Codes of the previous and the next 30-second step are accepted too (clock drift between the phone and
 * the server, and the seconds it takes to type); each step is accepted once (lastUsedStep).
 */
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 alphabet: no I, L, O or U to misread. 10 characters = 50 bits per code. */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const totpFor = (secretBase32: string, label = 'account') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps take it. */
export const createTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the QR code carries (Key Uri Format). */
export const createOtpauthUri = (secretBase32: string, accountEmail: string): string =>
  totpFor(secretBase32, accountEmail).toString();

/**
 * The 30-second time step a code belongs to, when it is valid now (within the window), else null.
 * The caller refuses a step it has already accepted (replay).
 */
export function findTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: now }) + delta;
}

/** Ten codes like `7KQ4M-2XH9D`, shown once. */
export function createRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** Case, spaces and dashes do not matter when a code is typed back; Crockford's look-alikes map to digits. */
export const normalizeRecoveryCode = (code: string): string =>
  code
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');

/** A recovery code looks like 10 characters of the alphabet once normalized. */
export const isRecoveryCodeShaped = (code: string): boolean =>
  /^[0-9A-HJKMNP-TV-Z]{10}$/.test(normalizeRecoveryCode(code));

/**
 * Recovery codes at rest: HMAC-SHA256 under a key only the service holds (derived from
 * TWO_FACTOR_ENCRYPTION_KEY). 50 bits would fall to an offline search of a plain hash; keyed, a copy of
 * the table alone is useless. The digest also makes the lookup one indexed equality.
 */
export function createRecoveryCodeHasher(encryptionKeyBase64: string): (code: string) => string {
  const key = createHmac('sha256', Buffer.from(encryptionKeyBase64, 'base64'))
    .update('dealflow-identity:recovery-codes')
    .digest();
  return (code) => createHmac('sha256', key).update(normalizeRecoveryCode(code)).digest('hex');
}
