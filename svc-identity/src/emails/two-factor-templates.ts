import { markup } from '@dealflow/service-kit';
import { renderSignInThrottledEmail, type TEmailContent } from './templates.js';

/**
 * Wrong two-factor codes reached a limit: unlike the password's notice, the password WAS right, so the
 * owner is told to change it.
 */
export function renderTwoFactorThrottledEmail(input: {
  name: string;
  ip: string;
  scope: 'account-ip' | 'account';
  minutes: number;
  resetUrl: string;
}): TEmailContent {
  const base = renderSignInThrottledEmail(input);
  const notice =
    'Your password was entered correctly, but the two-factor code was wrong several times. If this was not you, someone knows your password: reset it now.';
  return {
    subject: 'Failed two-factor sign-in attempts on your account',
    html: base.html.replace('<p>If this was you', markup`<p>${notice}</p>\n<p>If this was you`.value),
    text: `${notice}\n\n${base.text}`,
  };
}

/**
 * A security notice after a change the owner must hear of even when it was not them: two-factor turned off,
 * or a recovery code spent to sign in.
 */
export function renderTwoFactorNoticeEmail(input: {
  name: string;
  event: 'disabled' | 'recovery-code-used';
  ip: string;
  remainingCodes?: number;
  settingsUrl: string;
}): TEmailContent {
  const subject =
    input.event === 'disabled'
      ? 'Two-factor sign-in was turned off'
      : 'A recovery code was used to sign in to your account';
  const what =
    input.event === 'disabled'
      ? `Two-factor sign-in was turned off for your account (from the address ${input.ip}). Sign-in now asks for your password only.`
      : `Someone signed in to your account with one of your recovery codes (from the address ${input.ip}). ${input.remainingCodes ?? 0} unused codes are left.`;
  const advice =
    'If this was not you, change your password now and turn two-factor sign-in on again in Settings, Security.';
  return {
    subject,
    html: markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${subject}</title></head>
<body style="font-family:Segoe UI,Helvetica,Arial,sans-serif;background:#f5f5f5;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px">${subject}</h1>
<p>Hi ${input.name},</p>
<p>${what}</p>
<p>${advice}</p>
<p><a href="${input.settingsUrl}">Open Settings</a></p></td></tr></table></body></html>`.value,
    text: `Hi ${input.name},\n\n${what}\n\n${advice}\n${input.settingsUrl}\n`,
  };
}
