import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMail } from '../../test/factories/mail.factory.js';
import { sampleDeck } from '../../test/factories/deck.factory.js';
import { MailPool } from './mail-pool.js';

// A worker's first start loads tsx and mailparser (seconds on a loaded machine): only the bomb gets a tight limit.
const pool = new MailPool();
afterAll(() => pool.close());

describe('MailPool (mail parsing in a worker thread)', () => {
  it('parses a message in a worker and hands back its attachments as Buffers', async () => {
    const deck = await sampleDeck();
    const raw = await buildMail({
      to: 'x@in.test',
      attachments: [{ filename: 'deck.pdf', content: deck, contentType: 'application/pdf' }],
    });
    const parsed = await pool.parse(raw);
    expect(parsed.fromEmail).toBe('jane@acmerobotics.io');
    expect(Buffer.isBuffer(parsed.attachments[0]!.content)).toBe(true);
    expect(parsed.attachments[0]!.content.equals(deck)).toBe(true);
  });

  it('refuses a malformed message with the parser reason (400)', async () => {
    await expect(pool.parse(Buffer.from('To: x@in.test\r\n\r\nno sender'))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/Malformed message: no sender/),
    });
  });

  it('stops a message past its time limit (the worker is stopped) with 422 and a reason, the event loop never stalling', async () => {
    // mailparser refuses real MIME bombs itself (too many nodes); a big message under a tiny limit takes the limit path.
    const big = await buildMail({
      to: 'x@in.test',
      attachments: [{ filename: 'big.bin', content: Buffer.alloc(8 * 1024 * 1024, 7) }],
    });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const error = await pool.parse(big, 20).catch((e: unknown) => e);
    delay.disable();
    expect(error).toMatchObject({
      statusCode: 422,
      message: expect.stringMatching(/Message too complex to read: stopped after 20 ms/),
    });
    expect(delay.max / 1e6).toBeLessThan(500);
    // The pool carries on with the next message.
    expect((await pool.parse(await buildMail({ to: 'x@in.test' }))).fromEmail).toBe('jane@acmerobotics.io');
  }, 30_000);
});
