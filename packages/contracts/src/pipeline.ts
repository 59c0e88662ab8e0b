import { z } from 'zod';
import { ZId } from './common.js';
import { defineRoutes } from './http.js';
import { ZDeal } from './records.js';
import { ZErrorBody } from './records-base.js';

/**
 * The built-in CRM's pipeline (issue 23 items 2 and 3): the organization's stages (owners edit them), deals with
 * an owner, a next step, a pass reason, amount and round; a timeline per deal, comments with @mentions and a
 * 1-5 rating per member whose average is shown only to a member who has rated.
 */
export const DEFAULT_PIPELINE_STAGES = [
  { name: 'New', outcome: 'open' },
  { name: 'Screening', outcome: 'open' },
  { name: 'First meeting', outcome: 'open' },
  { name: 'Diligence', outcome: 'open' },
  { name: 'IC', outcome: 'open' },
  { name: 'Invested', outcome: 'invested' },
  { name: 'Passed', outcome: 'passed' },
] as const;
export const DEFAULT_PASS_REASONS = [
  'Too early',
  'Outside our thesis',
  'Team',
  'Market too small',
  'Valuation',
  'Competition',
] as const;

const ZStageName = z
  .string()
  .trim()
  .min(1, 'Enter a stage name')
  .max(64, 'A stage name has at most 64 characters');
export const ZPipelineStage = z.object({
  name: ZStageName,
  /** `passed`: a deal there may carry a pass reason; `invested` and `passed` close a deal. */
  outcome: z.enum(['open', 'invested', 'passed']),
});
export const ZPipeline = z.object({
  stages: z.array(ZPipelineStage),
  passReasons: z.array(z.string()),
});
export type TPipeline = z.infer<typeof ZPipeline>;

export const ZPutPipelineBody = z
  .object({
    stages: z.array(ZPipelineStage).min(2, 'A pipeline has at least two stages').max(20, 'At most 20 stages'),
    passReasons: z
      .array(
        z.string().trim().min(1, 'Enter a pass reason').max(100, 'A pass reason has at most 100 characters'),
      )
      .max(30, 'At most 30 pass reasons'),
  })
  .refine((b) => new Set(b.stages.map((s) => s.name.toLowerCase())).size === b.stages.length, {
    message: 'Two stages have the same name',
    path: ['stages'],
  })
  .refine((b) => b.stages.some((s) => s.outcome === 'open'), {
    message: 'A pipeline needs at least one open stage',
    path: ['stages'],
  });
export type TPutPipelineBody = z.infer<typeof ZPutPipelineBody>;

/** A deal as the board and the table show it. */
export const ZPipelineDeal = ZDeal.extend({
  /** The member who owns the deal (user id), or null. */
  ownerId: z.string().nullable(),
  nextStep: z.string().nullable(),
  /** YYYY-MM-DD. */
  nextStepDate: z.string().nullable(),
  passReason: z.string().nullable(),
  amount: z.string().nullable(),
  round: z.string().nullable(),
  updatedAt: z.string(),
});
export type TPipelineDeal = z.infer<typeof ZPipelineDeal>;

export const DEALS_PAGE_MAX = 500;
export const ZListDealsQuery = z.object({
  stage: z.string().max(64).optional(),
  /** `me` (My deals), `none` (unassigned) or a member's user id. */
  owner: z.union([z.literal('me'), z.literal('none'), ZId]).optional(),
  /** The `nextCursor` of the previous page. */
  cursor: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(DEALS_PAGE_MAX).default(100),
});
export const ZDealsPage = z.object({
  deals: z.array(ZPipelineDeal),
  /** Newest first; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TDealsPage = z.infer<typeof ZDealsPage>;

const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD');
const nullableText = (max: number, what: string) =>
  z.string().trim().max(max, `${what} has at most ${max} characters`).nullable().optional();
export const ZPatchDealBody = z
  .object({
    stage: ZStageName.optional(),
    ownerId: ZId.nullable().optional(),
    nextStep: nullableText(200, 'The next step'),
    nextStepDate: ZDate.nullable().optional(),
    passReason: nullableText(100, 'The pass reason'),
    amount: nullableText(64, 'The amount'),
    round: nullableText(64, 'The round'),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type TPatchDealBody = z.infer<typeof ZPatchDealBody>;

export const ZTimelineKind = z.enum([
  'created',
  'stage_changed',
  'updated',
  'comment',
  'rating',
  'correction',
  /** A reply emailed to the founder (issue 23 item 4); text: the subject, a blank line, the message. */
  'email',
]);
export const ZTimelineEntry = z.object({
  id: z.string(),
  kind: ZTimelineKind,
  /** Who did it (user id); null for the system (deal made from a deck, a correction's sync). */
  actorId: z.string().nullable(),
  createdAt: z.string(),
  /** A comment's text, a rating's note (only to a member who has rated), or what changed. */
  text: z.string().nullable(),
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
  /** A rating's score: only to a member who has rated the deal (no anchoring). */
  score: z.number().int().nullable(),
  mentions: z.array(z.string()),
});
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;
export const ZTimeline = z.object({ entries: z.array(ZTimelineEntry) });

export const ZCommentBody = z.object({
  text: z.string().trim().min(1, 'Write a comment').max(5000, 'A comment has at most 5000 characters'),
  /** The user ids of the members the comment @mentions (they get an email, per their settings). */
  mentions: z.array(ZId).max(20, 'At most 20 mentions').default([]),
});

export const ZRatingBody = z.object({
  score: z.number().int('A rating is 1 to 5').min(1, 'A rating is 1 to 5').max(5, 'A rating is 1 to 5'),
  note: z.string().trim().max(280, 'A note has at most 280 characters').nullable().optional(),
});
export const ZDealRating = z.object({
  mine: z.object({ score: z.number().int(), note: z.string().nullable() }).nullable(),
  /** Only once the caller has rated: the average, the spread (highest minus lowest) and how many rated. */
  summary: z.object({ average: z.number(), spread: z.number().int(), count: z.number().int() }).nullable(),
});
export type TDealRating = z.infer<typeof ZDealRating>;

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const DealParams = z.object({ id: ZId });

/** svc-crm's pipeline routes. */
export const pipelineRoutes = defineRoutes({
  getPipeline: {
    method: 'GET',
    path: '/api/pipeline/stages',
    summary: "The organization's pipeline: its stages in order and its pass reasons",
    tag: 'crm',
    auth: 'member',
    apiKey: 'read',
    responses: { 200: ZPipeline, ...errors },
  },
  putPipeline: {
    method: 'PUT',
    path: '/api/pipeline/stages',
    summary: "Replace the organization's stages and pass reasons",
    description:
      'Replace the stages (in board order, each open, invested or passed) and the pass reasons. A stage that still holds deals cannot be removed (409).',
    tag: 'crm',
    auth: 'owner',
    body: ZPutPipelineBody,
    responses: { 200: ZPipeline, ...errors, 409: ZErrorBody },
    errors: { 409: 'A stage that still holds deals was left out.' },
  },
  listDeals: {
    method: 'GET',
    path: '/api/deals',
    summary: "The organization's built-in deals, newest first, filtered by stage and owner (cursor paging)",
    description:
      'owner=me lists the caller\'s deals ("My deals"), owner=none the unassigned ones. Pass nextCursor as cursor for the next page.',
    tag: 'crm',
    auth: 'member',
    apiKey: 'read',
    query: ZListDealsQuery,
    responses: { 200: ZDealsPage, ...errors },
  },
  patchDeal: {
    method: 'PATCH',
    path: '/api/deals/:id',
    summary: "Change a deal's stage, owner, next step and date, pass reason, amount or round",
    description:
      "Each change is written to the deal's timeline. The stage must be one of the pipeline's, the pass reason one of its pass reasons, the owner a member.",
    tag: 'crm',
    auth: 'member',
    apiKey: 'write',
    params: DealParams,
    body: ZPatchDealBody,
    responses: { 200: ZPipelineDeal, ...errors },
  },
  dealTimeline: {
    method: 'GET',
    path: '/api/deals/:id/timeline',
    summary:
      "A deal's timeline: stage changes, comments, ratings and corrections, who and when, oldest first",
    description: "A rating's score and note are shown only to a member who has rated the deal.",
    tag: 'crm',
    auth: 'member',
    apiKey: 'read',
    params: DealParams,
    responses: { 200: ZTimeline, ...errors },
  },
  commentDeal: {
    method: 'POST',
    path: '/api/deals/:id/comments',
    summary: 'Comment on a deal, @mentioning members (they get an email, per their notification settings)',
    tag: 'crm',
    auth: 'member',
    apiKey: 'write',
    params: DealParams,
    body: ZCommentBody,
    responses: { 201: ZTimelineEntry, ...errors },
  },
  getDealRating: {
    method: 'GET',
    path: '/api/deals/:id/rating',
    summary: "The caller's rating of a deal, and the team's once the caller has rated",
    tag: 'crm',
    auth: 'member',
    params: DealParams,
    responses: { 200: ZDealRating, ...errors },
  },
  rateDeal: {
    method: 'PUT',
    path: '/api/deals/:id/rating',
    summary: 'Rate a deal 1 to 5 with a short note (one rating per member; a new one replaces it)',
    description: "Answers the team's average and spread, which are shown only to a member who has rated.",
    tag: 'crm',
    auth: 'member',
    params: DealParams,
    body: ZRatingBody,
    responses: { 200: ZDealRating, ...errors },
  },
});
