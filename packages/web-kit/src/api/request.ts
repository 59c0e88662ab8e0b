// The request layer of seed 000 section 7 with the error catalogue of section 8.

export const ErrorMessages = {
  html: 'Server returned HTML instead of JSON. This usually indicates a server error or a network issue.',
  badGateway: '502 Bad Gateway: The server encountered a temporary error. Please try again in a few moments.',
  gatewayTimeout: '504 Gateway Timeout: The server took too long to respond. Please try again later.',
  internal: '500 Internal Server Error: There was a problem on the server. Please try again later.',
  unavailable: 'Service Temporarily Unavailable: The server is under maintenance or experiencing high load.',
  couldNotParse: 'Could not parse error response',
  nonJson: 'Server returned non-JSON response',
  nonJsonInvalidFormat: 'Server returned non-JSON response with invalid format',
  invalidJson: 'Server returned invalid JSON response',
  failedToParse: 'Failed to parse JSON response',
} as const;

/** A failed request: `status` is the HTTP status (0 when no answer was parsed), `body` the parsed body if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export type THttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface TApiRequestOptions {
  signal?: AbortSignal;
  /** Extra headers. */
  headers?: Record<string, string>;
  cache?: RequestCache;
}

/** The payment-provider API prefix that gets the X-Stripe-Debug header. */
const STRIPE_PREFIX = '/api/stripe';

export function buildHeaders(path: string, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  // No Authorization or X-User-ID: the session is the HttpOnly cookie (credentials: 'include'), which no
  // script can read, so nothing the page holds can leak it.
  // The seed's client sends these always; the server never grants anything because of them.
  headers['X-Auth-Bypass'] = 'true';
  if (pathOf(path).startsWith(STRIPE_PREFIX)) headers['X-Stripe-Debug'] = 'true';
  return headers;
}

function pathOf(url: string): string {
  if (url.startsWith('/')) return url;
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

const looksLikeJson = (text: string): boolean => {
  const t = text.trim();
  return (t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'));
};

const isJsonContentType = (response: Response): boolean =>
  (response.headers.get('content-type') ?? '').toLowerCase().includes('json');

/** The message of a non-OK response, following seed 000 section 8 in order. */
export async function readErrorMessage(response: Response): Promise<{ message: string; body: unknown }> {
  const fallback = `${response.status}: ${response.statusText}`;
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { message: `${response.status}: ${ErrorMessages.couldNotParse}`, body: null };
  }
  if (isJsonContentType(response) || looksLikeJson(text)) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      if (isJsonContentType(response))
        return { message: `${response.status}: ${ErrorMessages.couldNotParse}`, body: text };
      body = undefined;
    }
    if (body !== undefined) {
      if (body && typeof body === 'object') {
        const { details, message } = body as { details?: unknown; message?: unknown };
        // `details` may be the list of validation issues (CONVENTIONS.md): then `message` says it in words.
        if (typeof details === 'string' && details) return { message: details, body };
        if (typeof message === 'string' && message) return { message, body };
      }
      return { message: fallback, body };
    }
  }
  const lower = text.toLowerCase();
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
  if (contentType.includes('text/html') || /^\s*<(!doctype|html|head|body)/i.test(text)) {
    return { message: ErrorMessages.html, body: text };
  }
  if (lower.includes('502') || lower.includes('bad gateway'))
    return { message: ErrorMessages.badGateway, body: text };
  if (lower.includes('504') || lower.includes('gateway timeout'))
    return { message: ErrorMessages.gatewayTimeout, body: text };
  if (lower.includes('internal server error') || lower.includes('500'))
    return { message: ErrorMessages.internal, body: text };
  if (lower.includes('maintenance') || lower.includes('temporarily unavailable')) {
    return { message: ErrorMessages.unavailable, body: text };
  }
  if (text.trim()) return { message: text.trim(), body: text };
  return { message: fallback, body: null };
}

/** Parse an OK response as JSON; an empty body (204 and the like) gives null. */
export async function parseJsonResponse(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiError(ErrorMessages.failedToParse, response.status);
  }
  if (!text.trim()) return null;
  if (isJsonContentType(response)) {
    try {
      return JSON.parse(text);
    } catch {
      throw new ApiError(ErrorMessages.invalidJson, response.status, text);
    }
  }
  if (!looksLikeJson(text)) throw new ApiError(ErrorMessages.nonJson, response.status, text);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(ErrorMessages.nonJsonInvalidFormat, response.status, text);
  }
}

/** True for the requests whose raw Response is returned: HEAD, and GET paths containing 'blob'. */
export const returnsRawResponse = (method: string, path: string): boolean =>
  method === 'HEAD' || (method === 'GET' && path.includes('blob'));

/**
 * Any method and path of the API. JSON body for methods other than GET and HEAD, credentials included,
 * the seed's headers. Resolves to the parsed JSON (HEAD and GET `...blob...` paths: the raw Response);
 * rejects with an `ApiError` carrying the catalogue's message, the status and the body.
 */
export async function apiRequest<T = unknown>(
  method: THttpMethod | Lowercase<THttpMethod>,
  path: string,
  body?: unknown,
  options: TApiRequestOptions = {},
): Promise<T> {
  const verb = method.toUpperCase();
  const hasBody = body !== undefined && verb !== 'GET' && verb !== 'HEAD';
  const response = await fetch(path, {
    method: verb,
    headers: { ...buildHeaders(path, hasBody), ...options.headers },
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal: options.signal,
    cache: options.cache,
  });
  if (!response.ok) {
    const { message, body: errorBody } = await readErrorMessage(response);
    throw new ApiError(message, response.status, errorBody);
  }
  if (returnsRawResponse(verb, path)) return response as T;
  return (await parseJsonResponse(response)) as T;
}
