import { z } from 'zod';

/** The error body every service answers with (seed 000 section 8 reads `details`, then `message`). */
export const ZErrorBody = z.object({
  message: z.string(),
  details: z.unknown().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

export const ZRole = z.enum(['owner', 'member']);
export type TRole = z.infer<typeof ZRole>;

export const ZPlan = z.enum(['free', 'basic', 'pro']);
export type TPlan = z.infer<typeof ZPlan>;

export const ZPaidPlan = z.enum(['basic', 'pro']);
export type TPaidPlan = z.infer<typeof ZPaidPlan>;

export const ZBillingCycle = z.enum(['monthly', 'annual']);
export type TBillingCycle = z.infer<typeof ZBillingCycle>;

/** Stripe's subscription statuses; the seed shows active and trialing, Stripe documents the rest. */
export const ZSubscriptionStatus = z.enum([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
]);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

export const ZRecordStatus = z.enum([
  'pending',
  'processing',
  'completed',
  'failed',
  'not_added_missing_domain',
]);
export type TRecordStatus = z.infer<typeof ZRecordStatus>;

/** Database ids are integers (seed 000 section 3: users.id serial). */
export const ZId = z.coerce.number().int().positive();
export const ZIsoDate = z.iso.datetime({ offset: true });
