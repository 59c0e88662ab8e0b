import { z } from 'zod';
import { ZErrorBody, ZId } from './common.js';
import { defineRoutes } from './http.js';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_PROMISES,
  SUPPORT_SUBJECT_MAX,
  SupportMessages,
  type TSupportTier,
} from './plans.js';

// The Help menu's support form (issue 20 item 9, Pro's "priority support"): svc-identity sends each request to
// the support address with the plan, organization and priority flag, acknowledges it to the requester with its
// reference and the plan's promised first response, and lists the organization's requests.

export const ZSupportStatus = z.enum(['open', 'answered', 'closed']);
export type TSupportStatus = z.infer<typeof ZSupportStatus>;

export const ZSupportTier = z.enum(Object.keys(SUPPORT_PROMISES) as [TSupportTier, ...TSupportTier[]]);

export const ZCreateSupportRequest = z.object({
  subject: z
    .string()
    .trim()
    .min(1, SupportMessages.subjectRequired)
    .max(SUPPORT_SUBJECT_MAX, SupportMessages.subjectMax),
  message: z
    .string()
    .trim()
    .min(1, SupportMessages.messageRequired)
    .min(SUPPORT_MESSAGE_MIN, SupportMessages.messageMin)
    .max(SUPPORT_MESSAGE_MAX, SupportMessages.messageMax),
});
export type TCreateSupportRequest = z.infer<typeof ZCreateSupportRequest>;

export const ZSupportRequest = z.object({
  id: ZId,
  /** What the acknowledgement email and the support address quote: `SR-000123`. */
  reference: z.string(),
  subject: z.string(),
  message: z.string(),
  status: ZSupportStatus,
  /** The plan's support tier when it was sent, and whether it reached the support address as priority. */
  tier: ZSupportTier,
  priority: z.boolean(),
  /** The promised first response, e.g. "4 business hours". */
  firstResponse: z.string(),
  requester: z.object({ name: z.string(), email: z.string() }),
  createdAt: z.string(),
});
export type TSupportRequest = z.infer<typeof ZSupportRequest>;

export const ZSupportRequestList = z.object({
  requests: z.array(ZSupportRequest),
  /** What the organization's plan is promised now (the form says it before sending). */
  tier: ZSupportTier,
  priority: z.boolean(),
  firstResponse: z.string(),
});
export type TSupportRequestList = z.infer<typeof ZSupportRequestList>;

export const ZSupportRequestParams = z.object({ id: ZId });
export const ZSupportReferenceParams = z.object({ reference: z.string().regex(/^SR-\d{6,}$/) });
export const ZSetSupportStatus = z.object({ status: ZSupportStatus });

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** Served by svc-identity: any member of an organization sends and reads its requests. */
export const supportRoutes = defineRoutes({
  listSupportRequests: {
    method: 'GET',
    path: '/api/support/requests',
    summary: "The organization's support requests, newest first (the last 100), with its plan's promise",
    description:
      "Every member sees the organization's requests with their status (open, answered, closed), and the first response its plan is promised now (Pro: priority).",
    tag: 'organization',
    auth: 'member',
    responses: { 200: ZSupportRequestList, ...errors },
  },
  createSupportRequest: {
    method: 'POST',
    path: '/api/support/requests',
    summary:
      'Sends a support request to the support address (priority on Pro) and acknowledges it by email with its reference',
    description:
      'The request goes to the support address with the plan, organization and priority flag (Reply-To: the sender); the sender gets an acknowledgement with its reference (SR-000123) and the promised first response. Five requests per person per hour.',
    tag: 'organization',
    auth: 'member',
    body: ZCreateSupportRequest,
    responses: { 201: ZSupportRequest, ...errors, 429: ZErrorBody, 502: ZErrorBody },
    errors: {
      429: 'Five requests were sent by this person in the last hour.',
      502: 'The support address could not be reached: nothing was kept; try again or write to it.',
    },
  },
  closeSupportRequest: {
    method: 'POST',
    path: '/api/support/requests/:id/close',
    summary: "Closes one of the organization's support requests (nothing more is needed)",
    description: 'Marks the request closed; support sees its status on the next read.',
    tag: 'organization',
    auth: 'member',
    params: ZSupportRequestParams,
    responses: { 200: ZSupportRequest, ...errors, 404: ZErrorBody },
  },
  setSupportRequestStatus: {
    method: 'POST',
    path: '/internal/support/requests/:reference/status',
    summary: "The support team's tooling marks a request answered (or closed, or open again)",
    tag: 'internal',
    auth: 'internal',
    params: ZSupportReferenceParams,
    body: ZSetSupportStatus,
    responses: { 200: ZSupportRequest, 400: ZErrorBody, 401: ZErrorBody, 404: ZErrorBody },
  },
});
