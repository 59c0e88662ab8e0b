import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Xero that a custom connection uses, answering as Xero documents:
 * - POST /connect/token (identity.xero.com): client_credentials with HTTP Basic client id:secret;
 *   a wrong pair is `400 {"error":"invalid_client"}` as Xero's identity server answers.
 * - GET /connections (api.xero.com): the one tenant a custom connection is bound to.
 * - GET and POST /api.xro/2.0/Contacts: Xero's PascalCase JSON envelope ({Id, Status, ProviderName,
 *   DateTimeUTC, Contacts}); a create whose Name is taken fails that contact with Xero's validation
 *   message; `summarizeErrors=false` answers 200 with per-contact StatusAttributeString/ValidationErrors.
 * - Rate-limit headers on every API answer (X-DayLimit-Remaining, X-MinLimit-Remaining,
 *   X-AppMinLimit-Remaining) and, when a test asks, 429 with Retry-After and X-Rate-Limit-Problem.
 * - 401 with Xero's problem body for a missing or unknown bearer token.
 */

type Json = Record<string, unknown>;

export interface XeroStandInContact {
  ContactID: string;
  Name: string;
  EmailAddress?: string;
  FirstName?: string;
  LastName?: string;
  Website?: string;
  ContactStatus: string;
  UpdatedDateUTC: string;
}

export interface XeroStandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  tenantId: string | undefined;
}

export async function startXeroStandIn(options: {
  clientId: string;
  clientSecret: string;
  tenantName?: string;
}) {
  const tenantId = randomUUID();
  const tokens = new Set<string>();
  const contacts = new Map<string, XeroStandInContact>();
  const requests: XeroStandInRequest[] = [];
  /** Names whose create or update Xero refuses (a validation error of that one contact). */
  const refusedNames = new Set<string>();
  /** The next N API calls answer 429 (minute limit) with this Retry-After. */
  let rateLimited = { count: 0, retryAfterSeconds: 1 };
  /** While set, POST /Contacts is received (and logged) but answered only once the test releases it. */
  let contactsGate: Promise<void> | null = null;

  const xeroDate = () => `/Date(${Date.now()}+0000)/`;
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const limitHeaders = () => ({
    'x-daylimit-remaining': '4999',
    'x-minlimit-remaining': '59',
    'x-appminlimit-remaining': '9999',
  });
  const envelope = (extra: Json) => ({
    Id: randomUUID(),
    Status: 'OK',
    ProviderName: 'DealFlow',
    DateTimeUTC: xeroDate(),
    ...extra,
  });
  const validationError = (message: string) => [{ Message: message }];

  function upsertContact(input: Json): Json {
    const name = typeof input.Name === 'string' ? input.Name.trim() : '';
    const fields = {
      ...(input.EmailAddress !== undefined && { EmailAddress: String(input.EmailAddress) }),
      ...(input.FirstName !== undefined && { FirstName: String(input.FirstName) }),
      ...(input.LastName !== undefined && { LastName: String(input.LastName) }),
      ...(input.Website !== undefined && { Website: String(input.Website) }),
    };
    const errorOf = (message: string) => ({
      ...input,
      StatusAttributeString: 'ERROR',
      ValidationErrors: validationError(message),
    });
    if (!name) return errorOf('The contact name must be specified.');
    if (refusedNames.has(name)) return errorOf(`The contact "${name}" could not be saved.`);
    const id = typeof input.ContactID === 'string' ? input.ContactID : null;
    if (id) {
      const existing = contacts.get(id);
      if (!existing) return errorOf('The contact could not be found.');
      const clash = [...contacts.values()].find((c) => c.Name === name && c.ContactID !== id);
      if (clash) return errorOf(`The contact name ${name} is already assigned to another contact.`);
      Object.assign(existing, fields, { Name: name, UpdatedDateUTC: xeroDate() });
      return { ...existing, StatusAttributeString: 'OK' };
    }
    if ([...contacts.values()].some((c) => c.Name === name))
      return errorOf(`The contact name ${name} is already assigned to another contact.`);
    const created: XeroStandInContact = {
      ContactID: randomUUID(),
      Name: name,
      ...fields,
      ContactStatus: 'ACTIVE',
      UpdatedDateUTC: xeroDate(),
    };
    contacts.set(created.ContactID, created);
    return { ...created, StatusAttributeString: 'OK' };
  }

  function handle(req: IncomingMessage, res: ServerResponse, raw: string, log = true) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    const contentType = req.headers['content-type'] ?? '';
    const body = raw
      ? contentType.includes('json')
        ? (JSON.parse(raw) as unknown)
        : Object.fromEntries(new URLSearchParams(raw))
      : null;
    if (log)
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query,
        body,
        tenantId: req.headers['xero-tenant-id'] as string | undefined,
      });

    if (req.method === 'POST' && url.pathname === '/connect/token') {
      const basic = (req.headers.authorization ?? '').replace(/^Basic /, '');
      const [id, secret] = Buffer.from(basic, 'base64').toString().split(':');
      const form = (body ?? {}) as Record<string, string>;
      if (form.grant_type !== 'client_credentials')
        return send(res, 400, { error: 'unsupported_grant_type' });
      if (id !== options.clientId || secret !== options.clientSecret)
        return send(res, 400, { error: 'invalid_client' });
      const token = randomBytes(24).toString('hex');
      tokens.add(token);
      return send(res, 200, {
        access_token: token,
        expires_in: 1800,
        token_type: 'Bearer',
        scope: 'accounting.contacts',
      });
    }

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer))
      return send(
        res,
        401,
        { Type: null, Title: 'Unauthorized', Status: 401, Detail: 'AuthenticationUnsuccessful' },
        { 'www-authenticate': 'Bearer error="invalid_token"' },
      );
    if (rateLimited.count > 0) {
      rateLimited.count -= 1;
      return send(
        res,
        429,
        { Title: 'Too Many Requests', Status: 429 },
        {
          ...limitHeaders(),
          'x-minlimit-remaining': '0',
          'x-rate-limit-problem': 'minute',
          'retry-after': String(rateLimited.retryAfterSeconds),
        },
      );
    }

    if (req.method === 'GET' && url.pathname === '/connections') {
      return send(
        res,
        200,
        [
          {
            id: randomUUID(),
            authEventId: randomUUID(),
            tenantId,
            tenantType: 'ORGANISATION',
            tenantName: options.tenantName ?? 'Demo Company (Global)',
            createdDateUtc: '2026-01-01T00:00:00.0000000',
            updatedDateUtc: '2026-01-01T00:00:00.0000000',
          },
        ],
        limitHeaders(),
      );
    }
    if (url.pathname === '/api.xro/2.0/Contacts' && req.method === 'GET') {
      const page = Number(query.page ?? 1);
      const pageSize = Number(query.pageSize ?? 100);
      const all = [...contacts.values()];
      return send(
        res,
        200,
        envelope({
          pagination: { page, pageSize, pageCount: Math.ceil(all.length / pageSize), itemCount: all.length },
          Contacts: all.slice((page - 1) * pageSize, page * pageSize),
        }),
        limitHeaders(),
      );
    }
    if (url.pathname === '/api.xro/2.0/Contacts' && (req.method === 'POST' || req.method === 'PUT')) {
      if (contactsGate) {
        const gate = contactsGate;
        void gate.then(() => handle(req, res, raw, false));
        return;
      }
      const input = ((body as { Contacts?: Json[] } | null)?.Contacts ?? []) as Json[];
      const results = input.map(upsertContact);
      const failed = results.filter((r) => r.StatusAttributeString === 'ERROR');
      if (failed.length > 0 && query.summarizeErrors !== 'false') {
        return send(
          res,
          400,
          {
            ErrorNumber: 10,
            Type: 'ValidationException',
            Message: 'A validation exception occurred',
            Elements: failed,
          },
          limitHeaders(),
        );
      }
      return send(res, 200, envelope({ Contacts: results }), limitHeaders());
    }
    return send(res, 404, { Title: 'Not Found', Status: 404 });
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    tenantId,
    contacts,
    requests,
    refuse: (name: string) => refusedNames.add(name),
    accept: (name: string) => refusedNames.delete(name),
    /** Holds every POST /Contacts (a sync in flight at Xero) until the returned function is called. */
    holdContacts: () => {
      let release!: () => void;
      contactsGate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        contactsGate = null;
        release();
      };
    },
    rateLimitNext: (count: number, retryAfterSeconds = 1) => {
      rateLimited = { count, retryAfterSeconds };
    },
    /** The custom connection's secret was regenerated in Xero's developer portal: the old one stops working. */
    rotateSecret: (secret: string) => {
      options.clientSecret = secret;
      tokens.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TXeroStandIn = Awaited<ReturnType<typeof startXeroStandIn>>;
