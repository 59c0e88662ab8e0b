// `@dealflow/web-kit/query`: react-query for the pages that list data. Kept out of web-kit's main entry so
// that signed-out pages (landing, /login), which only need the auth context, do not download react-query.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// By package name: the shared web-kit instance whose auth context must see this query cache.
import { linkQueryCache } from '@dealflow/web-kit';

/**
 * Seed defaults: never stale, no retries (queries and mutations), no refetch on window focus, no polling.
 * No default queryFn: every query takes its key and function from the typed client
 * (`useQuery(api.billing.subscription.queryOptions())`), so no key is ever a path.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

let pageClient: QueryClient | undefined;

/** The page's one QueryClient, linked to the auth context (a new session, a refresh and logout reach it). */
export function getQueryClient(): QueryClient {
  if (!pageClient) {
    pageClient = createQueryClient();
    linkQueryCache(pageClient);
  }
  return pageClient;
}

/** Provides the page's QueryClient: the shell wraps every route but the signed-out ones in it. */
export function QueryProvider({
  children,
  client = getQueryClient(),
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export default QueryProvider;
