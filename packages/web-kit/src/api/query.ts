// Types only: the signed-out pages load web-kit without react-query (its QueryClient is in ../query).
import type { QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest, type ApiRequestOptions } from './request.js';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GET `path`; a 401 gives null with `returnNull`, any other failure throws (queries and the auth context). */
export async function getOrNull<T>(
  path: string,
  on401: UnauthorizedBehavior,
  options: ApiRequestOptions = {},
): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', path, undefined, options);
  } catch (error) {
    if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The default data query: GET on the first element of the query key; 401 gives null or throws. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const [path] = queryKey;
    if (typeof path !== 'string')
      throw new Error('The first element of the query key must be the request path');
    return getOrNull<T>(path, options.on401, { signal });
  };
}
