import { markup } from '@dealflow/service-kit';
import type { TEmailContent } from './templates.js';

// The account emails of issue 12 item 2 and issue 15 item 1: verifying an address, and the three emails of an
// email change (the link to the new address, and two notices to the old one).

const page = (
  title: string,
  paragraphs: string[],
  action: { link: string; label: string } | null,
  note: string,
): string =>
  markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:Segoe UI,Helvetica,Arial,sans-serif;background:#f5f5f5;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px">${title}</h1>
${paragraphs.map((p, i) => markup`${i > 0 ? '\n' : ''}<p>${p}</p>`)}
${
  action
    ? markup`<p style="margin:24px 0"><a href="${action.link}" style="background:#0f6cbd;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${action.label}</a></p>
<p style="color:#666;font-size:12px">Or paste this link into your browser: ${action.link}</p>`
    : ''
}
<p style="color:#666;font-size:12px">${note}</p></td></tr></table></body></html>`.value;

const text = (paragraphs: string[], action: { link: string; label: string } | null, note: string) =>
  `${paragraphs.join('\n\n')}\n\n${action ? `${action.label}: ${action.link}\n\n` : ''}${note}\n`;

export const VERIFY_EMAIL_SUBJECT = 'Verify your email address';
export const CONFIRM_NEW_EMAIL_SUBJECT = 'Confirm your new email address';
export const EMAIL_CHANGE_REQUESTED_SUBJECT = 'A change of your email address was requested';
export const EMAIL_CHANGED_SUBJECT = 'Your email address was changed';

/** The link that proves the account's own address (after registration, or "Resend"). */
export function renderVerifyEmail(input: { name: string; link: string }): TEmailContent {
  const paragraphs = [
    `Hi ${input.name}, please confirm that this is your email address.`,
    'Until it is confirmed you can use DealFlow, but not invite members or buy.',
  ];
  const action = { link: input.link, label: 'Verify email address' };
  const note =
    'The link works once and expires in 1 hour. If you did not create an account, ignore this email.';
  return {
    subject: VERIFY_EMAIL_SUBJECT,
    html: page(VERIFY_EMAIL_SUBJECT, paragraphs, action, note),
    text: text(paragraphs, action, note),
  };
}

/** To the NEW address: the account moves to it only when this link is followed. */
export function renderConfirmNewEmail(input: {
  name: string;
  link: string;
  newEmail: string;
}): TEmailContent {
  const paragraphs = [
    `Hi ${input.name}, you asked to sign in to DealFlow with ${input.newEmail} from now on.`,
    'Confirm this address to finish the change. Until then your account keeps its current email.',
  ];
  const action = { link: input.link, label: 'Confirm new email' };
  const note = 'The link works once and expires in 1 hour. If you did not ask for this, ignore this email.';
  return {
    subject: CONFIRM_NEW_EMAIL_SUBJECT,
    html: page(CONFIRM_NEW_EMAIL_SUBJECT, paragraphs, action, note),
    text: text(paragraphs, action, note),
  };
}

/** To the OLD address when a change is asked for: the owner can still stop it. */
export function renderEmailChangeRequested(input: {
  name: string;
  newEmail: string;
  supportEmail: string;
}): TEmailContent {
  const paragraphs = [
    `Hi ${input.name}, someone signed in to your account asked to change its email address to ${input.newEmail}.`,
    'Nothing changes until a link sent to that address is followed. Your account keeps this address until then.',
    `If this was not you, change your password now and write to ${input.supportEmail}.`,
  ];
  const note = 'You can withdraw the change in Settings.';
  return {
    subject: EMAIL_CHANGE_REQUESTED_SUBJECT,
    html: page(EMAIL_CHANGE_REQUESTED_SUBJECT, paragraphs, null, note),
    text: text(paragraphs, null, note),
  };
}

/** To the OLD address once the change is done. */
export function renderEmailChanged(input: {
  name: string;
  newEmail: string;
  supportEmail: string;
}): TEmailContent {
  const paragraphs = [
    `Hi ${input.name}, your DealFlow account now signs in with ${input.newEmail}. This address no longer does.`,
    `If you did not make this change, write to ${input.supportEmail} at once so we can secure your account.`,
  ];
  const note = 'This is a notice only: there is nothing to do if you made the change.';
  return {
    subject: EMAIL_CHANGED_SUBJECT,
    html: page(EMAIL_CHANGED_SUBJECT, paragraphs, null, note),
    text: text(paragraphs, null, note),
  };
}
