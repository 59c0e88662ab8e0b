import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface TSecurityHeadersOptions {
  publicUrl: string;
  /** Extra origins allowed to be framed (the landing page's demo video). */
  frameSrc: readonly string[];
  /** Manifest URLs of the remotes: those served from another origin (a CDN) are allowed to load. */
  remoteManifests: readonly string[];
}

/**
 * Security headers on every answer, computed once for the configuration; an upstream that sends its own
 * (the /pay pages' CSP) overrides them. Routes marked `config.jsonApi` get OWASP's REST set instead:
 * nothing in a JSON answer may load or be framed, and the 400-byte document policy is not sent on every call.
 */
export const securityHeaders = fp<TSecurityHeadersOptions>(
  async (app, options) => {
    // Same-origin everything: the remotes come through /remotes/<folder>/ unless a manifest URL elsewhere
    // is configured, whose origin is then allowed. Fluent UI (griffel) injects <style>: 'unsafe-inline'.
    const remoteOrigins = options.remoteManifests
      .filter((manifest) => /^https?:/.test(manifest))
      .map((manifest) => new URL(manifest).origin);
    const isHttps = options.publicUrl.startsWith('https:');
    const pageHeaders = computeSecurityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...remoteOrigins],
          styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:', ...remoteOrigins],
          connectSrc: ["'self'", ...remoteOrigins],
          frameSrc: ["'self'", ...options.frameSrc],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    const apiHeaders: Record<string, string> = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    const hsts = pageHeaders['strict-transport-security'];
    if (hsts) apiHeaders['strict-transport-security'] = hsts;

    // Static files (scripts, styles, fonts, images, manifests) need only their type, cache and nosniff: the
    // document's policy headers (~1.1 KB) repeated on each of a first load's files cost bytes and nothing else.
    const assetHeaders: Record<string, string> = { 'x-content-type-options': 'nosniff' };
    if (hsts) assetHeaders['strict-transport-security'] = hsts;
    const pageHeaderNames = Object.keys(pageHeaders);

    app.addHook('onRequest', async (request, reply) => {
      reply.headers(request.routeOptions.config.jsonApi ? apiHeaders : pageHeaders);
    });
    // Decided on the way out, by what is sent: an HTML document (or a body of unknown type) keeps the page
    // set; JSON gets the REST set; any other file drops the page-only headers.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.config.jsonApi) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type || type.startsWith('text/html')) return payload;
      const kept = type.startsWith('application/json') ? apiHeaders : assetHeaders;
      for (const name of pageHeaderNames) {
        if (reply.getHeader(name) === pageHeaders[name] && kept[name] === undefined) reply.removeHeader(name);
      }
      reply.headers(kept);
      return payload;
    });
  },
  { name: 'gateway-security-headers' },
);

/**
 * helmet's headers computed once (no per-request nonces are used), so every answer gets them for the cost
 * of one `reply.headers()`: running helmet per request halved the gateway's throughput.
 */
function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A proxied API route: JSON answers, the REST set of security headers. */
    jsonApi?: boolean;
  }
}
