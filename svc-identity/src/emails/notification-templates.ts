import { markup } from '@dealflow/service-kit';
import { button, layout, type TEmailContent } from './templates.js';

/**
 * The members' notification emails (Settings > Notifications): a deck processed (received and completed, or
 * failed), a deal created, and the weekly digest. Each ends with its own unsubscribe link, which turns off
 * only that kind, and carries the one-click address for mail clients.
 */
export interface TUnsubscribeLinks {
  /** The /unsubscribe page (a person confirms there). */
  page: string;
  /** The API address mail clients POST to (RFC 8058). */
  oneClick: string;
}

const footer = (what: string, links: TUnsubscribeLinks) => ({
  html: markup`<p style="color:#666;font-size:12px;margin-top:24px">You get this email because ${what} is on in your notification settings. <a href="${links.page}">Unsubscribe</a> from these emails.</p>`,
  text: `You get this email because ${what} is on in your notification settings.\nUnsubscribe from these emails: ${links.page}\n`,
});

function notification(input: {
  subject: string;
  heading: string;
  lines: string[];
  action: { href: string; label: string };
  setting: string;
  links: TUnsubscribeLinks;
}): TEmailContent {
  const end = footer(input.setting, input.links);
  return {
    subject: input.subject,
    html: layout(
      input.subject,
      markup`<h1 style="font-size:20px">${input.heading}</h1>
${input.lines.map((line, i) => markup`${i > 0 ? '\n' : ''}<p>${line}</p>`)}
${button(input.action.href, input.action.label)}
${end.html}`,
    ),
    text: `${input.heading}\n\n${input.lines.join('\n')}\n\n${input.action.label}: ${input.action.href}\n\n${end.text}`,
    oneClickUnsubscribeUrl: input.links.oneClick,
  };
}

// The labels of Settings > Notifications (mfe-team SettingsPage).
const DECK_SETTING = '"Email me when a pitch deck has been processed"';
const DEAL_SETTING = '"Email me when a deal is created in the CRM"';
const DIGEST_SETTING = '"Weekly digest of new records"';
const MENTION_SETTING = '"Email me when someone @mentions me on a deal"';

export function renderDeckReceivedEmail(input: {
  companyName: string | null;
  subject: string | null;
  recordsUrl: string;
  links: TUnsubscribeLinks;
}): TEmailContent {
  const company = input.companyName ?? 'A new company';
  return notification({
    subject: `New deck: ${company}`,
    heading: `${company} sent a pitch deck`,
    lines: [
      input.subject ? `Email: "${input.subject}".` : 'A pitch deck arrived in your inbox.',
      'Its company record is ready in Dealflow.',
    ],
    action: { href: input.recordsUrl, label: 'View Processed Records' },
    setting: DECK_SETTING,
    links: input.links,
  });
}

export function renderRecordFailedEmail(input: {
  subject: string | null;
  reason: string | null;
  recordsUrl: string;
  links: TUnsubscribeLinks;
}): TEmailContent {
  return notification({
    subject: `A deck could not be processed${input.subject ? `: ${input.subject}` : ''}`,
    heading: 'A pitch deck could not be processed',
    lines: [
      input.subject ? `Email: "${input.subject}".` : 'An email with a pitch deck arrived.',
      `Reason: ${input.reason ?? 'not given'}`,
      'You can retry it from Processed Records.',
    ],
    action: { href: input.recordsUrl, label: 'View Processed Records' },
    setting: DECK_SETTING,
    links: input.links,
  });
}

export function renderDealCreatedEmail(input: {
  companyName: string | null;
  dealUrl: string;
  links: TUnsubscribeLinks;
}): TEmailContent {
  const company = input.companyName ?? 'a new company';
  return notification({
    subject: `Deal created: ${company}`,
    heading: `A deal for ${company} is in your CRM`,
    lines: ['Dealflow created it from the pitch deck.'],
    action: { href: input.dealUrl, label: 'Open the deal' },
    setting: DEAL_SETTING,
    links: input.links,
  });
}

/** A comment on a deal @mentions the member (crm.comment.created). */
export function renderMentionEmail(input: {
  authorName: string;
  companyName: string;
  text: string;
  dealUrl: string;
  links: TUnsubscribeLinks;
}): TEmailContent {
  const text = input.text.length > 1000 ? `${input.text.slice(0, 1000)}...` : input.text;
  return notification({
    subject: `${input.authorName} mentioned you on ${input.companyName}`,
    heading: `${input.authorName} mentioned you on the deal ${input.companyName}`,
    lines: [`"${text}"`],
    action: { href: input.dealUrl, label: 'Open the deal' },
    setting: MENTION_SETTING,
    links: input.links,
  });
}

export interface TDigestCounts {
  completed: number;
  failed: number;
  deals: number;
  companies: string[];
}

export function renderWeeklyDigestEmail(input: {
  organizationName: string;
  weekLabel: string;
  counts: TDigestCounts;
  recordsUrl: string;
  links: TUnsubscribeLinks;
}): TEmailContent {
  const { completed, failed, deals, companies } = input.counts;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const lines = [
    `${plural(completed + failed, 'deck', 'decks')} received: ${completed} processed, ${failed} failed.`,
    `${plural(deals, 'deal', 'deals')} created.`,
  ];
  if (companies.length > 0) {
    const shown = companies.slice(0, 10);
    const more = companies.length - shown.length;
    lines.push(`Companies: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`);
  }
  return notification({
    subject: `${input.organizationName}: your week in Dealflow (${input.weekLabel})`,
    heading: `Your week in Dealflow, ${input.weekLabel}`,
    lines,
    action: { href: input.recordsUrl, label: 'View Processed Records' },
    setting: DIGEST_SETTING,
    links: input.links,
  });
}
