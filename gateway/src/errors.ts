import type { TServiceName } from '@dealflow/contracts';
import { defineErrors } from '@dealflow/service-kit';

/**
 * Every answer the gateway makes up itself: code, status and the message people see. `{service}` and
 * `{seconds}` are filled in by `gatewayError`; the body is always the seed's `{message}`.
 */
export const GatewayError = defineErrors('GatewayError', {
  ROUTE_NOT_FOUND: { status: 404, message: 'Route {method} {path} not found' },
  BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  BODY_TIMEOUT: { status: 408, message: 'The request body took too long to arrive' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again in {seconds} seconds.' },
  UPSTREAM_DOWN: {
    status: 502,
    message: 'Bad gateway: the {service} did not answer. Please try again in a few moments.',
  },
  UPSTREAM_UNAVAILABLE: {
    status: 503,
    message: 'The {service} is temporarily unavailable. Please try again in a few moments.',
  },
  UPSTREAM_TIMEOUT: {
    status: 504,
    message: 'The {service} took too long to respond. Please try again later.',
  },
  SHELL_NOT_BUILT: {
    status: 503,
    message: 'The web app is not built yet: run `npm run build` (or `npm start`).',
  },
});
export type TGatewayErrorCode = keyof typeof GatewayError.table;

/** The table's error for `code`, its `{placeholders}` filled from `values`. */
export function gatewayError(code: TGatewayErrorCode, values: Record<string, string | number> = {}) {
  const message = GatewayError.table[code].message.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
  return new GatewayError(code, message);
}

/** How a service is named in the messages people read. */
const LABELS: Record<TServiceName, string> = {
  identity: 'sign-in service',
  billing: 'billing service',
  ingest: 'records service',
  crm: 'CRM service',
};
export const labelOf = (upstream: string) => LABELS[upstream as TServiceName] ?? upstream;

/** Maps a failed proxy attempt (an undici error) to 502, 503 or 504 with a message people can read. */
export function upstreamFailure(upstream: string, error: unknown) {
  const service = labelOf(upstream);
  const err = error as { code?: string; statusCode?: number; cause?: { code?: string } };
  const code = err.cause?.code ?? err.code ?? '';
  // The upstream refused the body before reading it (its own body limit): the client hears 413, not 502.
  if (code === 'UPSTREAM_REFUSED_BODY' || err.statusCode === 413) return gatewayError('BODY_TOO_LARGE');
  if (code.includes('TIMEOUT') || err.statusCode === 504)
    return gatewayError('UPSTREAM_TIMEOUT', { service });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || err.statusCode === 503)
    return gatewayError('UPSTREAM_UNAVAILABLE', { service });
  return gatewayError('UPSTREAM_DOWN', { service });
}
