// The Activity page's server state: the log pages for the current filters (cursor paging) and its CSV link.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { TActivityCategory, TActivityFilter, TActivityPage } from '@dealflow/contracts';
import { api, buildUrl } from '@dealflow/contracts/client';

/** What the filter bar holds: empty strings for "any"; dates as the date inputs give them (yyyy-mm-dd). */
export interface TActivityFilterForm {
  userId: string;
  category: TActivityCategory | '';
  from: string;
  to: string;
}

export const EMPTY_FILTERS: TActivityFilterForm = { userId: '', category: '', from: '', to: '' };

export const PAGE_SIZE = 25;

/** The day's bounds in the viewer's time zone: "to" includes the whole day. */
export function toActivityFilter(form: TActivityFilterForm): TActivityFilter {
  const filter: TActivityFilter = {};
  if (form.userId) filter.userId = Number(form.userId);
  if (form.category) filter.category = form.category;
  if (form.from) filter.from = new Date(`${form.from}T00:00:00`).toISOString();
  if (form.to) filter.to = new Date(`${form.to}T23:59:59.999`).toISOString();
  return filter;
}

export const isRangeInverted = (form: TActivityFilterForm): boolean =>
  Boolean(form.from && form.to && form.from > form.to);

/** The server-generated CSV for the same filters (owner-only; a download, so a link rather than a fetch). */
export const activityCsvUrl = (filter: TActivityFilter): string =>
  buildUrl(api.identity.exportActivity.path, { query: filter });

export function useActivity(filter: TActivityFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...api.identity.listActivity.key({ query: filter }), 'pages'],
    queryFn: ({ pageParam, signal }): Promise<TActivityPage> =>
      api.identity.listActivity(
        { query: { ...filter, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
