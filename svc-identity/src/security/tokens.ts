import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe: session, invitation and reset tokens. */
export const createOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their sha256 (hex, 64 chars): a database leak gives no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Tokens we issue are 43 base64url characters; anything else cannot match and skips the database. */
export const isPlausibleToken = (token: string): boolean => /^[A-Za-z0-9_-]{16,256}$/.test(token);
