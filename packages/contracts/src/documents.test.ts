import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAsyncApi } from './asyncapi.js';
import { EventPayloads, Topics, TopicRoutes, ZEnvelope } from './events.js';
import { buildOpenApi, allRoutes } from './openapi.js';

const committed = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));

describe('AsyncAPI document', () => {
  const doc = buildAsyncApi();
  it('declares a channel for every topic, with its partitions', () => {
    const addresses = Object.values(doc.channels).map((c) => (c as { address: string }).address);
    for (const topic of Object.values(Topics)) expect(addresses).toContain(topic);
  });
  it('gives every receive operation the group bindings the broker needs', () => {
    const receives = Object.values(doc.operations).filter(
      (o) => (o as { action: string }).action === 'receive',
    );
    expect(receives.length).toBeGreaterThan(Object.keys(TopicRoutes).length);
    for (const op of receives) expect(op).toHaveProperty('bindings.kafka.groupId');
  });
  it('matches the committed asyncapi.json (run `npm run generate -w @dealflow/contracts`)', () => {
    expect(committed('asyncapi.json')).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});

describe('OpenAPI document', () => {
  it('documents every route of seed sections 7', () => {
    const doc = buildOpenApi();
    expect(Object.keys(doc.paths)).toContain('/api/organization/members/{id}/role');
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(allRoutes.length);
  });
  it('matches the committed openapi.json', () => {
    expect(committed('openapi.json')).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });
});

describe('event schemas', () => {
  it('refuse a member.added payload without the member count seat sync relies on', () => {
    const schema = EventPayloads[Topics.memberAdded];
    expect(
      schema.safeParse({ orgId: 1, userId: 2, email: 'a@b.co', name: 'A', role: 'member' }).success,
    ).toBe(false);
  });
  it('parse an envelope', () => {
    const ok = ZEnvelope.safeParse({
      id: crypto.randomUUID(),
      type: Topics.memberAdded,
      version: 1,
      occurredAt: new Date().toISOString(),
      orgId: '1',
      data: {},
    });
    expect(ok.success).toBe(true);
  });
});
