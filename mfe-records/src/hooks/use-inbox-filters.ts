// The records list's filters kept in the URL (issue 22): status, search, view (inbox/archived), industry,
// funding round, location, received dates and owner. A shared or reloaded link shows the same list.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { INBOX_FILTER_KEYS, type TInboxFilters } from '../lib/records-api.js';

export interface TListFilters extends TInboxFilters {
  filter: string;
  searchTerm: string;
}

const VIEWS = new Set(['inbox', 'archived', 'all']);

/** The filters read from the URL (unknown or malformed values ignored) and a setter that writes them back. */
export function useInboxFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo<TListFilters>(() => {
    const get = (name: string) => searchParams.get(name)?.trim() || undefined;
    const view = get('view');
    const ownerId = Number(get('ownerId'));
    return {
      filter: get('status') ?? 'all',
      searchTerm: get('q') ?? '',
      view: view && VIEWS.has(view) ? (view as TInboxFilters['view']) : undefined,
      industry: get('industry'),
      fundingRound: get('fundingRound'),
      location: get('location'),
      receivedFrom: get('receivedFrom'),
      receivedTo: get('receivedTo'),
      ownerId: Number.isInteger(ownerId) && ownerId > 0 ? ownerId : undefined,
    };
  }, [searchParams]);

  const setFilters = useCallback(
    (patch: Partial<TListFilters>) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const write = (name: string, value: string | number | undefined) => {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, String(value));
          };
          if ('filter' in patch) write('status', patch.filter === 'all' ? undefined : patch.filter);
          if ('searchTerm' in patch) write('q', patch.searchTerm?.trim());
          for (const key of INBOX_FILTER_KEYS) {
            if (!(key in patch)) continue;
            const value = patch[key];
            write(key, key === 'view' && value === 'inbox' ? undefined : value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { filters, setFilters };
}
