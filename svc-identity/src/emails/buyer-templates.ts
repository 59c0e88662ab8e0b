import { markup } from '@dealflow/service-kit';
import type { TEmailContent } from './templates.js';

// The two emails of a guest purchase (issue 14): the new account's set-password link, and the link an
// existing account's owner uses to take a purchase made with their address.

const page = (title: string, paragraphs: string[], link: string, label: string, note: string): string =>
  markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:Segoe UI,Helvetica,Arial,sans-serif;background:#f5f5f5;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px">${title}</h1>
${paragraphs.map((p, i) => markup`${i > 0 ? '\n' : ''}<p>${p}</p>`)}
<p style="margin:24px 0"><a href="${link}" style="background:#0f6cbd;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${label}</a></p>
<p style="color:#666;font-size:12px">Or paste this link into your browser: ${link}</p>
<p style="color:#666;font-size:12px">${note}</p></td></tr></table></body></html>`.value;

export const SET_PASSWORD_SUBJECT = 'Set your password';
export const CLAIM_PURCHASE_SUBJECT = 'Confirm your purchase';

type TPurchase = 'licence' | 'subscription';

export function renderSetPasswordEmail(input: {
  name: string;
  link: string;
  purchase?: TPurchase;
}): TEmailContent {
  const thanks =
    input.purchase === 'subscription'
      ? 'thank you for subscribing: your organization and its free trial are ready.'
      : 'thank you for your purchase.';
  const paragraphs = [
    `Hi ${input.name}, ${thanks} Your account has been created and you are signed in on the browser you paid with.`,
    'Choose a password to sign in anywhere else.',
  ];
  const note =
    'The link works once and expires in 24 hours. You can always ask for a new one with "Forgot password".';
  return {
    subject: SET_PASSWORD_SUBJECT,
    html: page(SET_PASSWORD_SUBJECT, paragraphs, input.link, 'Set Password', note),
    text: `${paragraphs.join('\n\n')}\n\nSet your password: ${input.link}\n\n${note}\n`,
  };
}

export function renderClaimPurchaseEmail(input: {
  name: string;
  link: string;
  purchase?: TPurchase;
}): TEmailContent {
  const paragraphs =
    input.purchase === 'subscription'
      ? [
          `Hi ${input.name}, someone just started a subscription at checkout with this email address.`,
          'If it was you, confirm it to put the subscription on the organization you own. Nothing changes until you do.',
        ]
      : [
          `Hi ${input.name}, someone just bought the template licence at checkout with this email address.`,
          'If it was you, confirm it to add the purchase to your account. Nothing changes until you do.',
        ];
  const note = 'The link works once and expires in 7 days. If you did not buy anything, ignore this email.';
  return {
    subject: CLAIM_PURCHASE_SUBJECT,
    html: page(CLAIM_PURCHASE_SUBJECT, paragraphs, input.link, 'Confirm Purchase', note),
    text: `${paragraphs.join('\n\n')}\n\nConfirm the purchase: ${input.link}\n\n${note}\n`,
  };
}
