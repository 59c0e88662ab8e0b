import { z } from 'zod';
import { ZErrorBody, ZExtractedDataSchema, ZId } from './records-base.js';
import { defineRoutes } from './http.js';

/**
 * The record page (issue 23 item 1): the founder's message, its deck (a short-lived signed viewer URL) and
 * attachments, and the company's earlier decks. svc-ingest's routes; records are "emails" in the API.
 */

/** How long a deck viewer URL works (seconds). */
export const DECK_VIEWER_URL_TTL_SECONDS = 300;

export const ZRecordAttachment = z.object({
  id: ZId,
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** The download (org-scoped, Content-Disposition attachment). */
  downloadPath: z.string(),
});

export const ZRecordDeck = z.object({
  attachmentId: ZId,
  filename: z.string(),
  contentType: z.string(),
  kind: z.enum(['pdf', 'pptx']),
  size: z.number().int(),
  /** The viewer's URL: the deck route with `expires` and `signature` (HMAC over record, organization, expiry). */
  viewerUrl: z.string(),
  expiresAt: z.string(),
  /** PPTX only: each slide's text in reading order (what the deck reader extracts); null for a PDF. */
  slides: z.array(z.array(z.string())).nullable(),
});

/** What changed between two decks of one company (amount, round, metrics...): the earlier value and the later. */
export const ZDeckChange = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

export const ZCompanyHistoryEntry = z.object({
  id: ZId,
  receivedAt: z.string(),
  subject: z.string().nullable(),
  fundingRound: z.string().nullable(),
  fundingAmount: z.string().nullable(),
  /** What differs in this record from the earlier deck before it (empty for the first). */
  changes: z.array(ZDeckChange),
});

export const ZRecordMessage = z.object({
  id: ZId,
  from: z.string(),
  fromEmail: z.string(),
  subject: z.string().nullable(),
  receivedAt: z.string(),
  text: z.string(),
  /**
   * The message's HTML as received, NOT sanitized: the web client sanitizes it (DOMPurify) and shows it in a
   * sandboxed frame without scripts or network. Served as JSON, it never renders on the API's origin.
   */
  html: z.string().nullable(),
  attachments: z.array(ZRecordAttachment),
  deck: ZRecordDeck.nullable(),
  /** The company's decks (this one included), oldest first, matched by domain, then by name. */
  history: z.array(ZCompanyHistoryEntry),
  extractedData: ZExtractedDataSchema.nullable(),
});
export type TRecordMessage = z.infer<typeof ZRecordMessage>;
export type TRecordDeck = z.infer<typeof ZRecordDeck>;

export const ZDeckQuery = z.object({
  expires: z.coerce.number().int().positive().optional(),
  signature: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'Not a signature')
    .optional(),
});

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const IdParams = z.object({ id: ZId });

export const recordPageRoutes = defineRoutes({
  getEmailMessage: {
    method: 'GET',
    path: '/api/emails/:id/message',
    summary: "A record's email: text, raw HTML, attachments, the deck's viewer URL and the company's history",
    description:
      "The HTML is returned as received: sanitize it before showing it (the web client uses DOMPurify in a sandboxed frame). The deck's viewerUrl works for a few minutes and only for the caller's organization.",
    tag: 'records',
    auth: 'member',
    apiKey: 'read',
    params: IdParams,
    responses: { 200: ZRecordMessage, ...errors },
    errors: { 404: 'No record with this id in your organization.' },
  },
  getEmailDeck: {
    method: 'GET',
    path: '/api/emails/:id/deck',
    summary: "The record's deck as received (the original PDF or PPTX bytes; a download, not JSON)",
    description:
      "Without a signature: an attachment download. With the expires and signature of getEmailMessage's viewerUrl: shown inline (the viewer). Always X-Content-Type-Options: nosniff.",
    tag: 'records',
    auth: 'member',
    apiKey: 'read',
    params: IdParams,
    query: ZDeckQuery,
    responses: { 200: z.string(), ...errors },
    errors: {
      403: 'The viewer URL expired or its signature is wrong.',
      404: 'No record with a deck with this id in your organization.',
    },
  },
  getEmailAttachment: {
    method: 'GET',
    path: '/api/emails/:id/attachments/:attachmentId',
    summary: "One attachment of a record's email, as received (a download, not JSON)",
    tag: 'records',
    auth: 'member',
    apiKey: 'read',
    params: z.object({ id: ZId, attachmentId: ZId }),
    responses: { 200: z.string(), ...errors },
    errors: { 404: 'No such attachment on a record of your organization.' },
  },
});
