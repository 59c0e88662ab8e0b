import { markup, type SafeHtml } from '@dealflow/service-kit';

/** Email templates (invite, password reset, welcome): each renders a subject, an HTML and a text body. */
export interface TEmailContent {
  subject: string;
  html: string;
  text: string;
  /**
   * Notification emails: the one-click unsubscribe address (RFC 8058), sent as List-Unsubscribe with
   * List-Unsubscribe-Post so mail clients offer their own Unsubscribe button.
   */
  oneClickUnsubscribeUrl?: string;
}

/** The page every email's HTML body sits in: `body` is built with `markup`, so already escaped. */
export const layout = (title: string, body: SafeHtml): string =>
  markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:Segoe UI,Helvetica,Arial,sans-serif;background:#f5f5f5;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td>${body}</td></tr></table></body></html>`.value;

export const button = (href: string, label: string): SafeHtml =>
  markup`<p style="margin:24px 0"><a href="${href}" style="background:#0f6cbd;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${label}</a></p>
<p style="color:#666;font-size:12px">Or paste this link into your browser: ${href}</p>`;

/**
 * Every email ends with the one support address (SUPPORT_EMAIL, the same that GET /api/config serves): a line
 * in both bodies, before the HTML layout closes. The mailer applies it, so no template can forget it.
 */
export function withSupportFooter(content: TEmailContent, supportEmail: string): TEmailContent {
  const line = 'Questions? Write to us at';
  const footer = markup`<p style="color:#666;font-size:12px;margin-top:24px">${line} <a href="mailto:${supportEmail}">${supportEmail}</a>.</p>`;
  // The layout's last cell closing (whatever the whitespace between its tags): the footer goes inside it.
  const closing = /<\/td>\s*<\/tr>\s*<\/table>(?![\s\S]*<\/table>)/;
  return {
    ...content,
    html: closing.test(content.html)
      ? content.html.replace(closing, (end) => `${footer.value}\n${end}`)
      : `${content.html}${footer.value}`,
    text: `${content.text.trimEnd()}\n\n--\n${line} ${supportEmail}.\n`,
  };
}

export function renderInvitationEmail(input: {
  inviterName: string;
  organizationName: string;
  role: 'owner' | 'member';
  link: string;
  expiresAt: Date;
}): TEmailContent {
  const role = input.role === 'owner' ? 'Owner' : 'Member';
  const expires = input.expiresAt.toUTCString();
  const subject = `${input.inviterName} invited you to join ${input.organizationName}`;
  return {
    subject,
    html: layout(
      subject,
      markup`<h1 style="font-size:20px">You're invited to ${input.organizationName}</h1>
<p>${input.inviterName} invited you to join <strong>${input.organizationName}</strong> as ${role}.</p>
${button(input.link, 'Accept Invitation')}
<p style="color:#666;font-size:12px">This invitation expires on ${expires}. If you did not expect it, ignore this email.</p>`,
    ),
    text: `${input.inviterName} invited you to join ${input.organizationName} as ${role}.

Accept the invitation: ${input.link}

This invitation expires on ${expires}. If you did not expect it, ignore this email.
`,
  };
}

export function renderPasswordResetEmail(input: { name: string; link: string }): TEmailContent {
  const subject = 'Reset your password';
  return {
    subject,
    html: layout(
      subject,
      markup`<h1 style="font-size:20px">Reset your password</h1>
<p>Hi ${input.name}, we received a request to reset your password.</p>
${button(input.link, 'Reset Password')}
<p style="color:#666;font-size:12px">The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.</p>`,
    ),
    text: `Hi ${input.name}, we received a request to reset your password.

Reset it here: ${input.link}

The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays the same.
`,
  };
}

export function renderWelcomeEmail(input: {
  name: string;
  dashboardUrl: string;
  organizationName: string | null;
}): TEmailContent {
  const subject = 'Welcome to DealFlow';
  const team = input.organizationName ? ` Your organization ${input.organizationName} is ready.` : '';
  return {
    subject,
    html: layout(
      subject,
      markup`<h1 style="font-size:20px">Welcome, ${input.name}!</h1>
<p>Your account is ready.${team}</p>
${button(input.dashboardUrl, 'Go to Dashboard')}`,
    ),
    text: `Welcome, ${input.name}!

Your account is ready.${team}

Go to your dashboard: ${input.dashboardUrl}
`,
  };
}

/** Told to the account owner when failed sign-ins made the service slow down attempts. */
export function renderSignInThrottledEmail(input: {
  name: string;
  ip: string;
  scope: 'account-ip' | 'account';
  minutes: number;
  resetUrl: string;
}): TEmailContent {
  const subject = 'Failed sign-in attempts on your account';
  const what =
    input.scope === 'account-ip'
      ? `Several failed sign-in attempts were made on your account from the address ${input.ip}. Sign-in from that address is paused for ${input.minutes} minutes; you can still sign in from your usual devices.`
      : `Many failed sign-in attempts were made on your account from several addresses (the latest from ${input.ip}). Sign-in is paused for ${input.minutes} minutes.`;
  const advice =
    'If this was you, wait and try again. If it was not, your password was not accepted, but consider choosing a new one.';
  return {
    subject,
    html: layout(
      subject,
      markup`<h1 style="font-size:20px">${subject}</h1>
<p>Hi ${input.name},</p>
<p>${what}</p>
<p>${advice}</p>
${button(input.resetUrl, 'Reset Password')}`,
    ),
    text: `Hi ${input.name},

${what}

${advice}
Reset it here: ${input.resetUrl}
`,
  };
}
