import { formatMoney } from '@dealflow/contracts/money';
import { markup } from '@dealflow/service-kit';
import type { TEmailContent } from './templates.js';

// The two billing emails to an organization's owner (issue 14, the payment clock): the trial ends in three
// days, and a charge failed. Billing publishes the events; identity holds the owner's address and the mailer.

const page = (title: string, paragraphs: string[], link: string, label: string): string =>
  markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:Segoe UI,Helvetica,Arial,sans-serif;background:#f5f5f5;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<tr><td><h1 style="font-size:20px">${title}</h1>
${paragraphs.map((p, i) => markup`${i > 0 ? '\n' : ''}<p>${p}</p>`)}
<p style="margin:24px 0"><a href="${link}" style="background:#0f6cbd;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${label}</a></p>
<p style="color:#666;font-size:12px">Or paste this link into your browser: ${link}</p></td></tr></table></body></html>`
    .value;

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export const TRIAL_ENDING_SUBJECT = 'Your free trial ends in 3 days';
export const PAYMENT_FAILED_SUBJECT = 'Your payment failed';
export const CANCELED_AFTER_FAILED_PAYMENTS_SUBJECT = 'Your subscription was canceled after failed payments';

export function renderTrialEndingEmail(input: {
  name: string;
  organizationName: string;
  planLabel: string;
  trialEndsAt: string;
  amountDue: number | null;
  currency: string;
  billingUrl: string;
}): TEmailContent {
  const charge =
    input.amountDue === null
      ? 'your saved card will be charged for the plan'
      : `your saved card will be charged ${formatMoney(input.amountDue, input.currency)}`;
  const paragraphs = [
    `Hi ${input.name}, the ${input.planLabel} trial of ${input.organizationName} ends on ${longDate(input.trialEndsAt)}.`,
    `Then ${charge} and your plan continues. To change plans or cancel before then, open Billing.`,
  ];
  return {
    subject: TRIAL_ENDING_SUBJECT,
    html: page(TRIAL_ENDING_SUBJECT, paragraphs, input.billingUrl, 'Open Billing'),
    text: `${paragraphs.join('\n\n')}\n\nBilling: ${input.billingUrl}\n`,
  };
}

export function renderPaymentFailedEmail(input: {
  name: string;
  organizationName: string;
  amountDue: number;
  currency: string;
  invoiceNumber: string | null;
  billingUrl: string;
  /** The subscription's status after this attempt (canceled after the last one). */
  status?: string | null;
  /** When the invoice is charged again (null: no further attempt). */
  nextPaymentAttempt?: string | null;
}): TEmailContent {
  const invoice = input.invoiceNumber ? ` (invoice ${input.invoiceNumber})` : '';
  const canceled = input.status === 'canceled';
  const subject = canceled ? CANCELED_AFTER_FAILED_PAYMENTS_SUBJECT : PAYMENT_FAILED_SUBJECT;
  const paragraphs = [
    `Hi ${input.name}, we could not charge ${formatMoney(input.amountDue, input.currency)} to the card saved for ${input.organizationName}${invoice}.`,
    canceled
      ? 'That was the last attempt, so the subscription is canceled and the organization is back on the Free plan. You can subscribe again in Billing.'
      : input.nextPaymentAttempt
        ? `We will try again on ${longDate(input.nextPaymentAttempt)}. Update the card in Billing before then to keep your plan.`
        : 'Your subscription is past due. Update the card in Billing to keep your plan.',
  ];
  return {
    subject,
    html: page(subject, paragraphs, input.billingUrl, canceled ? 'Open Billing' : 'Update payment method'),
    text: `${paragraphs.join('\n\n')}\n\nBilling: ${input.billingUrl}\n`,
  };
}
