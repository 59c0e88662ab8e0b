import { markup } from '@dealflow/service-kit';
import { SUPPORT_PROMISES, type TSupportTier } from '@dealflow/contracts/plans';
import { layout, type TEmailContent } from './templates.js';

// The support form's two emails (issue 20 item 9): the request to the support address, and its acknowledgement
// to the person who sent it, with the reference and the first response their plan is promised.

export interface TSupportEmailInput {
  reference: string;
  subject: string;
  message: string;
  tier: TSupportTier;
  priority: boolean;
  requester: { name: string; email: string };
  organization: { id: number; name: string; plan: string; subscriptionStatus: string | null };
  sentAt: Date;
}

const paragraphs = (text: string) =>
  text.split(/\n{2,}/).map((p) => markup`<p style="white-space:pre-wrap">${p}</p>`);

/** To SUPPORT_EMAIL (Reply-To: the requester): the subject line starts with [PRIORITY] on Pro. */
export function renderSupportRequestEmail(input: TSupportEmailInput): TEmailContent {
  const promise = SUPPORT_PROMISES[input.tier];
  const flag = input.priority ? '[PRIORITY] ' : '';
  const subject = `${flag}${input.reference}: ${input.subject}`;
  const plan = `${input.organization.plan}${input.organization.subscriptionStatus ? ` (${input.organization.subscriptionStatus})` : ''}`;
  const facts: [string, string][] = [
    ['Reference', input.reference],
    ['Priority', input.priority ? 'Yes (Pro)' : 'No'],
    ['First response due within', promise.firstResponse],
    ['Organization', `${input.organization.name} (id ${input.organization.id})`],
    ['Plan', plan],
    ['From', `${input.requester.name} <${input.requester.email}>`],
    ['Sent', input.sentAt.toUTCString()],
  ];
  return {
    subject,
    html: layout(
      subject,
      markup`<h1 style="font-size:20px">${flag}Support request ${input.reference}</h1>
        <table role="presentation" style="font-size:14px;margin-bottom:16px">
          ${facts.map(
            ([label, value]) =>
              markup`<tr>
                <td style="color:#666;padding-right:12px">${label}</td>
                <td>${value}</td>
              </tr>`,
          )}
        </table>
        <h2 style="font-size:16px">${input.subject}</h2>
        ${paragraphs(input.message)}
        <p style="color:#666;font-size:12px">Reply to this email to answer ${input.requester.name}.</p>`,
    ),
    text: `${facts.map(([label, value]) => `${label}: ${value}`).join('\n')}

Subject: ${input.subject}

${input.message}

Reply to this email to answer ${input.requester.name}.
`,
  };
}

/** To the requester: the reference to quote and when to expect the first answer. */
export function renderSupportAcknowledgementEmail(input: TSupportEmailInput): TEmailContent {
  const promise = SUPPORT_PROMISES[input.tier];
  const subject = `We received your request ${input.reference}`;
  const when = input.priority
    ? `As a Pro customer your request has priority: we will answer within ${promise.firstResponse}.`
    : `We will answer within ${promise.firstResponse}.`;
  const lines = [
    `Hi ${input.requester.name}, thank you for writing to us. Your request "${input.subject}" has the reference ${input.reference}.`,
    when,
    'To add something, reply to this email and keep the reference in the subject. You can follow your requests under Help > Contact support.',
  ];
  return {
    subject,
    html: layout(
      subject,
      markup`<h1 style="font-size:20px">Your request ${input.reference}</h1>
        ${lines.map((line) => markup`<p>${line}</p>`)}
        <p style="color:#666;font-size:12px">What you sent:</p>
        <blockquote style="border-left:3px solid #ddd;margin:0;padding-left:12px;color:#444">
          ${paragraphs(input.message)}
        </blockquote>`,
    ),
    text: `${lines.join('\n\n')}

What you sent:
${input.message
  .split('\n')
  .map((line) => `> ${line}`)
  .join('\n')}
`,
  };
}
