// The Deals page's calls (svc-crm's pipeline routes, through the typed client) and its pure helpers.
import type { QueryClient } from '@tanstack/react-query';
import type { TDealRating, TDealsPage, TPipeline, TPipelineDeal, TTimelineEntry } from '@dealflow/contracts';
import { api } from '@dealflow/contracts/client';

export type { TDealRating, TDealsPage, TPipeline, TPipelineDeal, TTimelineEntry };

/** The board shows up to this many deals (contracts' DEALS_PAGE_MAX, kept here to keep zod out of the bundle). */
export const BOARD_LIMIT = 500;

export type TOwnerFilter = 'all' | 'me' | 'none';

const listInput = (owner: TOwnerFilter) => ({
  query: { limit: BOARD_LIMIT, ...(owner === 'all' ? {} : { owner }) },
});

export const dealsQueries = {
  pipeline: () => api.crm.getPipeline.queryOptions(),
  deals: (owner: TOwnerFilter) => api.crm.listDeals.queryOptions(listInput(owner)),
  timeline: (dealId: string) => api.crm.dealTimeline.queryOptions({ params: { id: Number(dealId) } }),
  rating: (dealId: string) => api.crm.getDealRating.queryOptions({ params: { id: Number(dealId) } }),
  members: () => api.identity.listMembers.queryOptions(),
};

/** Every cached deals list (all owner filters): an optimistic change is applied to each. */
export const dealsListKey = () => ['crm', 'listDeals'] as const;

export type TDealChange = Partial<{
  stage: string;
  ownerId: number | null;
  nextStep: string | null;
  nextStepDate: string | null;
  passReason: string | null;
  amount: string | null;
  round: string | null;
}>;

export const patchDeal = (dealId: string, change: TDealChange) =>
  api.crm.patchDeal({ params: { id: Number(dealId) }, body: change });

/** What the list shows after a change, before the server answers. */
export function applyChange(deal: TPipelineDeal, change: TDealChange): TPipelineDeal {
  const next: TPipelineDeal = { ...deal };
  if (change.stage !== undefined) next.stage = change.stage;
  if (change.ownerId !== undefined) next.ownerId = change.ownerId === null ? null : String(change.ownerId);
  for (const key of ['nextStep', 'nextStepDate', 'passReason', 'amount', 'round'] as const)
    if (change[key] !== undefined) next[key] = change[key];
  return next;
}

/** Applies a change to every cached list; answers the lists as they were, for the rollback. */
export function changeCachedDeals(queryClient: QueryClient, dealId: string, change: TDealChange) {
  const before = queryClient.getQueriesData<TDealsPage>({ queryKey: dealsListKey() });
  queryClient.setQueriesData<TDealsPage>({ queryKey: dealsListKey() }, (page) =>
    page ? { ...page, deals: page.deals.map((d) => (d.id === dealId ? applyChange(d, change) : d)) } : page,
  );
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}

/** The deals of each stage, in the board's column order (a deal of an unknown stage goes to the first). */
export function groupByStage(deals: TPipelineDeal[], stages: string[]): Map<string, TPipelineDeal[]> {
  const columns = new Map(stages.map((s) => [s, [] as TPipelineDeal[]]));
  for (const deal of deals) (columns.get(deal.stage) ?? columns.get(stages[0]!))?.push(deal);
  return columns;
}

/** The user ids a comment @mentions: `@Name` (a member's full or first name), case-insensitive. */
export function findMentions(text: string, members: { id: number; name: string }[]): number[] {
  const lower = text.toLowerCase();
  const ids = new Set<number>();
  // Longest names first, so "@Ada Lovelace" is not taken for another "@Ada".
  for (const m of [...members].sort((a, b) => b.name.length - a.name.length)) {
    const full = `@${m.name.toLowerCase()}`;
    const first = `@${m.name.split(/\s+/)[0]!.toLowerCase()}`;
    const at = (needle: string) => {
      const i = lower.indexOf(needle);
      return i >= 0 && !/[\p{L}\p{N}]/u.test(lower.charAt(i + needle.length));
    };
    if (at(full) || at(first)) ids.add(m.id);
  }
  return [...ids];
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
