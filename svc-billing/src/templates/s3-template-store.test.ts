import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateStore, type TemplateStore } from './template-store.js';

// The production store: an S3-compatible bucket through @aws-sdk/client-s3, here against s3rver (a local S3
// stand-in that answers the S3 REST API with signed requests).
let dir: string;
let server: S3rver;
let store: TemplateStore;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3-template-store-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 's3'),
    configureBuckets: [{ name: 'templates' }],
  });
  const { port } = await server.run();
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  store = createTemplateStore({
    TEMPLATE_STORE_DIR: undefined,
    TEMPLATE_S3_BUCKET: 'templates',
    TEMPLATE_S3_PREFIX: 'dealflow/',
    TEMPLATE_S3_REGION: 'us-east-1',
    TEMPLATE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    TEMPLATE_S3_FORCE_PATH_STYLE: true,
  })!;
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('S3 template store (issue 20, item 8)', () => {
  it('is chosen when a bucket is configured, starts empty, stores archives with a manifest and streams them back', async () => {
    expect(store.kind).toBe('s3');
    expect(await store.list()).toEqual([]);
    const put = async (version: string, releasedAt: string) => {
      const bytes = Buffer.from(`archive ${version} `.repeat(50_000));
      const file = join(dir, `${version}.tar.gz`);
      await writeFile(file, bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return { bytes, entry: await store.put(file, { version, releasedAt, sha256, size: bytes.length }) };
    };
    const first = await put('1.0.0', '2026-11-01T00:00:00.000Z');
    const second = await put('1.1.0', '2026-12-01T00:00:00.000Z');
    expect(first.entry.key).toBe('dealflow-template-1.0.0.tar.gz');
    expect((await store.list()).map((v) => v.version)).toEqual(['1.1.0', '1.0.0']);
    const streamed = Buffer.concat(await (await store.open(second.entry)).toArray());
    expect(streamed.equals(second.bytes)).toBe(true);
    // The same version again replaces its entry (a re-pack), never a second one.
    await put('1.0.0', '2026-11-01T00:00:00.000Z');
    expect((await store.list()).map((v) => v.version)).toEqual(['1.1.0', '1.0.0']);
  });
});
