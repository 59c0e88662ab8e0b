import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAsyncApi } from './asyncapi.js';
import { EventPayloads, Topics, TopicRoutes, ZEnvelope } from './events.js';
import { ApiTags } from './api-tags.js';
import { buildOpenApi, allRoutes, publicRoutes } from './openapi.js';

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

interface TOperation {
  operationId?: string;
  summary: string;
  description?: string;
  tags: string[];
  responses: Record<string, { description?: string }>;
}

// Issue 21 item 10: what SDK generators and the linters API users run (Redocly, Spectral) need of each operation.
describe('OpenAPI document for the people who call the API', () => {
  const doc = buildOpenApi();
  const operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ at: `${method} ${path}`, op: op as TOperation })),
  );

  it("names every operation by its route's name in the contracts, each name once", () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[A-Za-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(publicRoutes.map(({ name }) => name).sort());
  });

  it('describes every operation beyond its summary, with who may call it', () => {
    for (const { at, op } of operations) {
      expect(op.description, at).toBeTruthy();
      expect(op.description!.length, at).toBeGreaterThan(op.summary.length);
      expect(op.description, at).toMatch(/anyone|signed-in|Members|Owner|provider/);
    }
  });

  it("describes every response, each error status with its meaning, and declares the route's statuses", () => {
    for (const { route, name } of publicRoutes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const op = (doc.paths[path] as Record<string, TOperation>)[route.method.toLowerCase()]!;
      const statuses = Object.keys(op.responses).map(Number);
      for (const status of Object.keys(route.responses).map(Number)) expect(statuses, name).toContain(status);
      expect(
        statuses.some((s) => s >= 400 && s < 500),
        name,
      ).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${name} ${status}`).toMatch(/^[A-Z].+\.$/);
        if (Number(status) >= 400) {
          const expected = route.errors?.[Number(status)];
          if (expected) expect(response.description).toBe(expected);
          else
            expect(response.description, `${name} ${status}`).not.toMatch(
              /^(Error|Client error|Server error)/,
            );
        }
      }
    }
  });

  it('declares every tag it uses with a description, and its licence, contact and servers', () => {
    const declared = new Map<string, string>(doc.tags.map((t) => [t.name, t.description]));
    for (const { at, op } of operations)
      for (const tag of op.tags)
        expect(declared.get(tag), `${at}: ${tag}`).toBe(ApiTags[tag as keyof typeof ApiTags]);
    expect(doc.info.license.url).toMatch(/^https:\/\/.+\/terms$/);
    expect(doc.info.contact.email).toMatch(/@/);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it("names the gateway's public URL when it serves the document", () => {
    const served = buildOpenApi({ publicUrl: 'https://deals.fund.test/' });
    expect(served.servers[0]!.url).toBe('https://deals.fund.test');
    expect(served.info.license.url).toBe('https://deals.fund.test/terms');
    expect(JSON.stringify(served.paths)).not.toContain('YOUR-HOST');
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
