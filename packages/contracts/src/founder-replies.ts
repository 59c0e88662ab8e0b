import { z } from 'zod';
import { ZErrorBody, ZId } from './common.js';
import { defineRoutes } from './http.js';
import { ZTimelineEntry } from './pipeline.js';

/**
 * Founder communication (issue 23 item 4): the organization's reply templates (owners edit them), a reply to
 * a deal's founder sent from the installation's address with Reply-To the member, threaded on the founder's
 * email, logged on the deal's timeline; an optional automatic acknowledgement on receipt (off by default, at
 * most one per founder address per day).
 */
export const ReplyTemplateKinds = ['acknowledge', 'request_more', 'pass'] as const;
export const ZReplyTemplateKind = z.enum(ReplyTemplateKinds);
export type TReplyTemplateKind = z.infer<typeof ZReplyTemplateKind>;

/** The placeholders a template may hold; anything else between double braces is left as written. */
export const REPLY_PLACEHOLDERS = ['founderName', 'company', 'senderName', 'subject'] as const;

export const DEFAULT_REPLY_TEMPLATES: Record<TReplyTemplateKind, { subject: string; body: string }> = {
  acknowledge: {
    subject: 'Re: {{subject}}',
    body: 'Hi {{founderName}},\n\nThank you for sending us {{company}}. We have received your deck and will come back to you once the team has looked at it.\n\nBest,\n{{senderName}}',
  },
  request_more: {
    subject: 'Re: {{subject}}',
    body: 'Hi {{founderName}},\n\nThank you for sending us {{company}}. Before we go further, could you send us your latest metrics and the details of the round you are raising?\n\nBest,\n{{senderName}}',
  },
  pass: {
    subject: 'Re: {{subject}}',
    body: 'Hi {{founderName}},\n\nThank you for thinking of us with {{company}}. After looking at it closely, we have decided not to go further at this stage. We wish you every success with the round.\n\nBest,\n{{senderName}}',
  },
};

const ZSubject = z
  .string()
  .trim()
  .min(1, 'Enter a subject')
  .max(200, 'A subject has at most 200 characters')
  .refine((s) => !/[\r\n]/.test(s), 'A subject is one line');
const ZReplyText = z
  .string()
  .trim()
  .min(1, 'Write the message')
  .max(10_000, 'A message has at most 10000 characters');

export const ZReplyTemplate = z.object({ kind: ZReplyTemplateKind, subject: ZSubject, body: ZReplyText });
export type TReplyTemplate = z.infer<typeof ZReplyTemplate>;

export const ZReplySettings = z.object({
  /** One per kind, in the order of ReplyTemplateKinds. */
  templates: z.array(ZReplyTemplate),
  /** Acknowledge each new deck automatically (the acknowledge template), at most once per founder address per day. */
  autoAcknowledge: z.boolean(),
});
export type TReplySettings = z.infer<typeof ZReplySettings>;

export const ZPutReplySettingsBody = z
  .object({
    templates: z.array(ZReplyTemplate).length(3, 'Give the three templates'),
    autoAcknowledge: z.boolean(),
  })
  .refine((b) => new Set(b.templates.map((t) => t.kind)).size === b.templates.length, {
    message: 'Give each template once',
    path: ['templates'],
  });

export const ZReplyDraftQuery = z.object({ template: ZReplyTemplateKind });
/** A template filled in for one deal: the member edits it before sending. */
export const ZReplyDraft = z.object({
  /** The founder's address (the sender of the deck's email). */
  to: z.string(),
  founderName: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  /** Whether the reply will be threaded on the founder's email (its Message-ID is known). */
  threaded: z.boolean(),
});
export type TReplyDraft = z.infer<typeof ZReplyDraft>;

export const ZSendReplyBody = z.object({
  /** Which template it came from (logged on the timeline); placeholders left in the text are filled in. */
  template: ZReplyTemplateKind.nullable().default(null),
  subject: ZSubject,
  text: ZReplyText,
});
export type TSendReplyBody = z.infer<typeof ZSendReplyBody>;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const DealParams = z.object({ id: ZId });

/** svc-crm's founder-communication routes. */
export const founderReplyRoutes = defineRoutes({
  getReplySettings: {
    method: 'GET',
    path: '/api/pipeline/reply-templates',
    summary:
      "The organization's reply templates (acknowledge, request more, pass) and the automatic acknowledgement",
    description:
      'Placeholders: {{founderName}}, {{company}}, {{senderName}}, {{subject}}. Defaults until an owner edits them.',
    tag: 'crm',
    auth: 'member',
    responses: { 200: ZReplySettings, ...errors },
  },
  putReplySettings: {
    method: 'PUT',
    path: '/api/pipeline/reply-templates',
    summary: 'Replace the reply templates and turn the automatic acknowledgement on or off',
    tag: 'crm',
    auth: 'owner',
    body: ZPutReplySettingsBody,
    responses: { 200: ZReplySettings, ...errors },
  },
  getReplyDraft: {
    method: 'GET',
    path: '/api/deals/:id/reply-draft',
    summary: "A reply template filled in for a deal's founder (to edit before sending)",
    tag: 'crm',
    auth: 'member',
    params: DealParams,
    query: ZReplyDraftQuery,
    responses: { 200: ZReplyDraft, ...errors },
  },
  sendReply: {
    method: 'POST',
    path: '/api/deals/:id/reply',
    summary:
      "Email the deal's founder (threaded on their email, Reply-To the member), logged on the timeline",
    description:
      "Sent from the installation's address (MAIL_FROM) with Reply-To the signed-in member, In-Reply-To and References the founder's Message-ID when known. 503 when no SMTP server is configured; 502 when it refused the message.",
    tag: 'crm',
    auth: 'member',
    params: DealParams,
    body: ZSendReplyBody,
    responses: { 201: ZTimelineEntry, ...errors, 502: ZErrorBody, 503: ZErrorBody },
    errors: {
      502: 'The SMTP server refused the message.',
      503: 'No SMTP server is configured (SMTP_URL).',
    },
  },
});
