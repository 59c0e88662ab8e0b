import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { installErrorHandling } from './errors.js';
import { createTestDatabase } from './testing/index.js';

// Seed 000's login notice "Database not initialized": a service whose tables are missing answers 503 with
// the flag dbInitRequired (and the seed's message) instead of a bare 500. Real PostgreSQL, an empty database.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase('kit_errors');
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  app = Fastify({ logger: false });
  installErrorHandling(app);
  app.get('/missing-table', async () => (await client.query('SELECT * FROM users')).rows);
  app.get('/missing-schema', async () => (await client.query('SELECT * FROM identity.users')).rows);
  app.get('/broken-sql', async () => (await client.query('SELEC 1')).rows);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await client?.end();
  await db?.drop();
});

describe('a database without its tables', () => {
  it.each(['/missing-table', '/missing-schema'])('%s answers 503 with dbInitRequired', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Database schema not initialized. Please run the setup script: ./setup.sh',
      dbInitRequired: true,
    });
  });

  it('any other database error stays a 500 without the flag', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken-sql' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
  });
});
