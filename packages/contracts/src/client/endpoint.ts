import { getApiTransport } from './transport.js';
import type {
  TClientService,
  TInputShape,
  TRequestOptions,
  TServiceEndpoint,
  TServiceRoutes,
} from './types.js';

type TUrlInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/** `/api/emails/:id` + `{ params: { id: 3 }, query: { page: 2 } }` -> `/api/emails/3?page=2`. */
export function buildUrl(path: string, input?: TUrlInput): string {
  const url = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = input?.params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input?.query ?? {})) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

const keyOf = (service: string, name: string, input?: TUrlInput): readonly unknown[] =>
  input ? [service, name, { params: input.params, query: input.query }] : [service, name];

/**
 * One route of the typed client, from the generated table (method and path only: no schema reaches a
 * production bundle). The response is checked against the route's 2xx schema when NODE_ENV is not
 * 'production' (tests, development builds); rspack replaces NODE_ENV, so the check and its zod import are
 * dropped from production bundles.
 */
export function endpoint<S extends TClientService, N extends keyof TServiceRoutes[S] & string>(
  service: S,
  name: N,
  method: string,
  path: string,
  shape: TInputShape,
): TServiceEndpoint<S, N> {
  const call = async (first?: unknown, second?: TRequestOptions): Promise<unknown> => {
    const input = shape === 2 ? (first as TUrlInput | undefined) : undefined;
    const body = shape === 1 ? first : input?.body;
    const options = shape === 0 ? (first as TRequestOptions | undefined) : second;
    const data = await getApiTransport()(method, buildUrl(path, input), body, options);
    if (process.env.NODE_ENV !== 'production') {
      const { checkResponse } = await import('./check-response.js');
      checkResponse(service, name, data);
    }
    return data;
  };
  // Only what callers use: every property here is in web-kit's shared bundle, on every first load.
  return Object.assign(call, {
    method,
    path,
    key: (input?: TUrlInput) => keyOf(service, name, input),
    queryOptions: (input?: TUrlInput) => ({
      queryKey: keyOf(service, name, input),
      queryFn: ({ signal }: { signal?: AbortSignal }) =>
        shape === 2 ? call(input, { signal }) : shape === 1 ? call(undefined, { signal }) : call({ signal }),
    }),
  }) as unknown as TServiceEndpoint<S, N>;
}
