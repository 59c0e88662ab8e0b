// The mailbox form of Integration 1: its texts, auto-scan choices and validation (no React).
import { type TMailboxConnectBody } from '../lib/records-api.js';

export const MailboxTexts = {
  passwordRequired: 'API key is required',
  hostRequired: 'IMAP host is required',
  usernameRequired: 'Username is required',
  portInvalid: 'Port must be a number between 1 and 65535',
} as const;

export const AUTO_SCAN_CHOICES = [
  { value: 0, label: 'Off (Scan button only)' },
  { value: 5, label: 'Every 5 minutes' },
  { value: 15, label: 'Every 15 minutes' },
  { value: 30, label: 'Every 30 minutes' },
  { value: 60, label: 'Every hour' },
  { value: 1440, label: 'Once a day' },
] as const;

export interface TMailboxForm {
  host: string;
  port: string;
  secure: boolean;
  username: string;
  password: string;
}
export type TMailboxFormErrors = Partial<Record<keyof TMailboxForm, string>>;

/** Seed 001 section 5: the (app password) key is required; the IMAP fields the real connection needs too. */
export function validateMailboxForm(form: TMailboxForm): {
  errors: TMailboxFormErrors;
  body: TMailboxConnectBody | null;
} {
  const errors: TMailboxFormErrors = {};
  const port = Number(form.port);
  if (!form.host.trim()) errors.host = MailboxTexts.hostRequired;
  if (!Number.isInteger(port) || port < 1 || port > 65535) errors.port = MailboxTexts.portInvalid;
  if (!form.username.trim()) errors.username = MailboxTexts.usernameRequired;
  if (!form.password) errors.password = MailboxTexts.passwordRequired;
  if (Object.keys(errors).length > 0) return { errors, body: null };
  return {
    errors,
    body: {
      host: form.host.trim(),
      port,
      secure: form.secure,
      username: form.username.trim(),
      password: form.password,
    },
  };
}
