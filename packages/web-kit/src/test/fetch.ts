import { vi } from 'vitest';

export interface TRecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  init: RequestInit;
}

type TResponder = (request: TRecordedRequest) => Response | Promise<Response>;

/** Replace the browser's fetch with a responder; returns the list of requests it saw. */
export function stubFetch(responder: TResponder): TRecordedRequest[] {
  const calls: TRecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request: TRecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body as string | undefined,
      init,
    };
    calls.push(request);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return responder(request);
  });
  return calls;
}

export const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

export const text = (body: string, status: number, statusText = '', contentType = 'text/plain') =>
  new Response(body, { status, statusText, headers: { 'content-type': contentType } });
