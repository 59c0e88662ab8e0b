import { Agent, request } from 'undici';
import {
  OutboundRefused,
  resolvePublicAddress,
  testAllowList,
  type TOutboundOptions,
} from '@dealflow/service-kit';

/** Ports a customer's endpoint may listen on (https by default, and the usual alternative). */
export const WEBHOOK_PORTS = [443, 8443];

const outbound: TOutboundOptions = { ports: WEBHOOK_PORTS };

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/**
 * The kit's outbound guard for an endpoint URL: https only (http only for a host on the test allow list, never in
 * production), no credentials, and every address the host resolves to must be public. Throws OutboundRefused.
 */
export async function checkWebhookUrl(raw: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused(`not a URL: ${raw.slice(0, 200)}`, 'Enter a valid https URL');
  }
  const allowListed = testAllowList()?.hosts.includes(url.hostname.toLowerCase()) ?? false;
  if (url.protocol !== 'https:' && !(allowListed && url.protocol === 'http:'))
    throw new OutboundRefused(`${url.protocol} is not https`, 'The address must start with https://');
  if (url.username || url.password)
    throw new OutboundRefused(
      'credentials in the URL',
      'The address must not contain a user name or password',
    );
  await resolvePublicAddress(url.hostname, portOf(url), outbound);
  return url;
}

export interface TWebhookResponse {
  statusCode: number;
}

/**
 * POSTs one signed message: the connection goes to the address the guard checked (its socket lookup resolves
 * through the guard, so a DNS answer that changes after the check is refused too); redirects are not followed
 * (a 3xx is a failed attempt); the answer's body is dropped. Throws OutboundRefused when refused or unreachable.
 */
export async function postWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<TWebhookResponse> {
  const url = await checkWebhookUrl(rawUrl);
  const port = portOf(url);
  const allow = testAllowList();
  const agent = new Agent({
    connect: {
      lookup: ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        resolvePublicAddress(hostname, port, outbound).then(
          (a) => (options.all ? callback(null, [a]) : callback(null, a.address, a.family)),
          (error: Error) => callback(error, '', 0),
        );
      }) as never,
      ...(allow?.ca ? { ca: allow.ca } : {}),
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  try {
    const res = await request(url, {
      method: 'POST',
      dispatcher: agent,
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'content-type': 'application/json', 'user-agent': 'Dealflow-Webhooks/1.0', ...headers },
      body,
    }).catch((error: Error & { cause?: Error }) => {
      const cause = error.cause ?? error;
      if (cause instanceof OutboundRefused) throw cause;
      if (error.name === 'TimeoutError' || error.name === 'AbortError')
        throw new OutboundRefused(
          `${url.host} did not answer within ${timeoutMs} ms`,
          `No answer within ${timeoutMs / 1000} s`,
        );
      throw new OutboundRefused(
        `${url.host}: ${cause.message}`,
        `Could not connect: ${cause.message}`.slice(0, 300),
      );
    });
    await res.body.dump().catch(() => undefined);
    return { statusCode: res.statusCode };
  } finally {
    void agent.close().catch(() => undefined);
  }
}
