import { describe, expect, it } from 'vitest';
import { apiKeyScopeFor } from './http.js';
import { buildOpenApi } from './openapi.js';
import { ownedRoutes } from './routes.js';

type TOperation = {
  security: Array<Record<string, unknown>>;
  description?: string;
  'x-api-key-scope'?: string;
};

describe('API-key access declared on the contracts', () => {
  it('opens exactly the records, deals and mail-intake routes to keys, never identity or billing', () => {
    const open = ownedRoutes.filter(({ route }) => apiKeyScopeFor(route) !== null);
    expect(open.map(({ service, name }) => `${service}.${name}`).sort()).toEqual([
      'crm.commentDeal',
      'crm.dealTimeline',
      'crm.getDeal',
      'crm.getDealById',
      'crm.getPipeline',
      'crm.listDeals',
      'crm.patchDeal',
      'ingest.getEmail',
      'ingest.getEmailAttachment',
      'ingest.getEmailDeck',
      'ingest.getEmailMessage',
      'ingest.listEmails',
      'ingest.submitEmail',
    ]);
    expect(open.find(({ name }) => name === 'submitEmail')?.route.apiKey).toBe('write');
  });

  it('needs a write key for anything but GET, whatever a route declares', () => {
    expect(apiKeyScopeFor({ method: 'GET', apiKey: 'read' })).toBe('read');
    expect(apiKeyScopeFor({ method: 'POST', apiKey: 'read' })).toBe('write');
    expect(apiKeyScopeFor({ method: 'DELETE', apiKey: 'read' })).toBe('write');
    expect(apiKeyScopeFor({ method: 'GET' })).toBeNull();
  });

  it('documents the key scheme in /api/docs on those routes, with a curl example', () => {
    const document = buildOpenApi();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const list = document.paths['/api/emails']!.get as TOperation;
    expect(list.security).toContainEqual({ apiKey: [] });
    expect(list['x-api-key-scope']).toBe('read');
    expect(list.description).toContain('curl https://YOUR-HOST/api/emails');
    expect(list.description).toContain('Authorization: Bearer $DEALFLOW_API_KEY');
    const submit = document.paths['/api/emails']!.post as TOperation;
    expect(submit.description).toContain('--data-binary @message.eml');
    expect(submit['x-api-key-scope']).toBe('write');
    expect((submit as { requestBody?: { content: object } }).requestBody?.content).toHaveProperty([
      'message/rfc822',
    ]);
    const billing = document.paths['/api/stripe/subscription']!.get as TOperation;
    expect(billing.security).not.toContainEqual({ apiKey: [] });
  });
});
