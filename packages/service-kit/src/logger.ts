import type { LoggerOptions } from 'pino';

const SECRET_QUERY = /([?&](?:token|code|state|session_id|sessionId|password|key|secret)=)[^&]*/gi;

/** Strips secrets from a URL before it is logged (reset and invitation tokens travel in query strings). */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/** pino options: request ids, and no password, token, cookie or key ever reaches a log line. */
export function loggerOptions(service: string, level: string): LoggerOptions {
  return {
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-identity-token"]',
        'req.headers["x-internal-token"]',
        'req.headers["stripe-signature"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.confirmPassword',
        '*.token',
        '*.sessionId',
        '*.apiKey',
        '*.secret',
        '*.clientSecret',
        '*.privateKey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
    },
  };
}
