import type { z } from 'zod';
import type { serviceRoutes } from '../routes.js';

/** The route tables by service, as types only: nothing here reaches a bundle. */
export type TServiceRoutes = typeof serviceRoutes;
export type TClientService = keyof TServiceRoutes;

/** The options web-kit's request layer takes (signal, extra headers, cache mode). */
export interface TRequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  cache?: 'default' | 'no-store' | 'reload' | 'no-cache' | 'force-cache' | 'only-if-cached';
}

/** How a route's input is passed: 0 nothing, 1 its body alone, 2 `{ params?, query?, body? }`. */
export type TInputShape = 0 | 1 | 2;

type TSuccessStatus = 200 | 201 | 202 | 203 | 204;

/** The answer of a successful call: the output type of the route's 2xx schema(s). */
export type TRouteResponse<R> = R extends { responses: infer Res }
  ? {
      [S in keyof Res]: S extends TSuccessStatus
        ? Res[S] extends z.ZodType
          ? z.output<Res[S]>
          : never
        : never;
    }[keyof Res]
  : never;

/** Path and query values travel as text: a coerced (`unknown` input) field takes a string, number or boolean. */
type TUrlValues<T> = { [K in keyof T]: unknown extends T[K] ? string | number | boolean : T[K] };

type TParamsOf<R> = R extends { params: infer P extends z.ZodType }
  ? { params: TUrlValues<z.input<P>> }
  : unknown;
type TQueryOf<R> = R extends { query: infer Q extends z.ZodType }
  ? Partial<z.input<Q>> extends z.input<Q>
    ? { query?: TUrlValues<z.input<Q>> }
    : { query: TUrlValues<z.input<Q>> }
  : unknown;
type TBodyOf<R> = R extends { body: infer B extends z.ZodType } ? z.input<B> : never;
type TBodyField<R> = [TBodyOf<R>] extends [never]
  ? unknown
  : Partial<TBodyOf<R>> extends TBodyOf<R>
    ? { body?: TBodyOf<R> }
    : { body: TBodyOf<R> };

/** The input of a route with path params or a query string. */
export type TRouteInput<R> = TParamsOf<R> & TQueryOf<R> & TBodyField<R>;

type THasUrlInput<R> = R extends { params: z.ZodType } ? true : R extends { query: z.ZodType } ? true : false;

/** The call signature: `(input, options?)`, `(body, options?)` or `(options?)`, by what the route declares. */
export type TCall<R> =
  THasUrlInput<R> extends true
    ? Partial<TRouteInput<R>> extends TRouteInput<R>
      ? (input?: TRouteInput<R>, options?: TRequestOptions) => Promise<TRouteResponse<R>>
      : (input: TRouteInput<R>, options?: TRequestOptions) => Promise<TRouteResponse<R>>
    : [TBodyOf<R>] extends [never]
      ? (options?: TRequestOptions) => Promise<TRouteResponse<R>>
      : Partial<TBodyOf<R>> extends TBodyOf<R>
        ? (body?: TBodyOf<R>, options?: TRequestOptions) => Promise<TRouteResponse<R>>
        : (body: TBodyOf<R>, options?: TRequestOptions) => Promise<TRouteResponse<R>>;

/** The key input: what identifies one answer of a route (its params and query), never its body. */
export type TKeyInput<R> = THasUrlInput<R> extends true ? TParamsOf<R> & TQueryOf<R> : never;

/** One route of the typed client: callable, with its method, path, react-query key and URL builder. */
export type TEndpoint<R> = TCall<R> & {
  readonly method: string;
  /** The path pattern as declared (`/api/emails/:id`). */
  readonly path: string;
  /** The react-query key of this route's answer: `[service, name]`, plus the params and query when given. */
  key(input?: TKeyInput<R>): readonly unknown[];
  /** `{ queryKey, queryFn }` for `useQuery`: the key above and a call of this route with react-query's signal. */
  queryOptions(input?: TKeyInput<R>): {
    queryKey: readonly unknown[];
    queryFn: (context: { signal?: AbortSignal }) => Promise<TRouteResponse<R>>;
  };
};

export type TServiceEndpoint<S extends TClientService, N extends keyof TServiceRoutes[S]> = TEndpoint<
  TServiceRoutes[S][N]
>;
