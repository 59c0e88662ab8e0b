import { markup } from '@dealflow/service-kit';
import type { TEmailContent } from './templates.js';

// Gmail's forwarding confirmation reached the organization's inbound address (issue 22): the owner gets the code
// and Gmail's link (Integration 1 shows them too). Ingest publishes the event; identity holds the owner's address.

export const FORWARDING_CONFIRMATION_SUBJECT = 'Confirm Gmail forwarding to Dealflow';

export function renderForwardingConfirmationEmail(input: {
  name: string;
  organizationName: string;
  code: string;
  link: string;
  forwarder: string | null;
  integrationUrl: string;
}): TEmailContent {
  const who = input.forwarder ?? 'A Gmail account';
  const intro = `Hi ${input.name}, ${who} asks to forward its mail to the inbound address of ${input.organizationName}.`;
  const steps = `Enter the confirmation code ${input.code} in Gmail (Settings, Forwarding and POP/IMAP), or open Gmail's confirmation link below.`;
  const html = markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${FORWARDING_CONFIRMATION_SUBJECT}</title></head>
<body style="font-family:Segoe UI,Helvetica,Arial,sans-serif;background:#f5f5f5;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px">${FORWARDING_CONFIRMATION_SUBJECT}</h1>
<p>${intro}</p>
<p>Confirmation code: <strong style="font-size:18px;letter-spacing:2px">${input.code}</strong></p>
<p>${steps}</p>
<p style="margin:24px 0"><a href="${input.link}" style="background:#0f6cbd;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">Confirm forwarding in Gmail</a></p>
<p style="color:#666;font-size:12px">Or paste this link into your browser: ${input.link}</p>
<p style="color:#666;font-size:12px">Integration 1 shows the code too: ${input.integrationUrl}</p></td></tr></table></body></html>`
    .value;
  return {
    subject: FORWARDING_CONFIRMATION_SUBJECT,
    html,
    text: `${intro}\n\nConfirmation code: ${input.code}\n\n${steps}\n\n${input.link}\n\nIntegration 1: ${input.integrationUrl}\n`,
  };
}
