import { randomBytes } from 'node:crypto';
import { buildMail } from '../factories/mail.factory.js';
import { inboundTokens, parseHeaderRecipients } from '../../domain/mail/webhook-auth.js';

/**
 * The operator routes' routing cost per message beyond parsing (issue 22 target: < 1 ms of CPU): the envelope
 * recipients' tokens, and the header block's recipients (Delivered-To, X-Original-To, To, Cc) in the fallback,
 * the work receive-operator-mail.ts does before its one indexed lookup of the organizations. Measured as process
 * CPU time (user + system) over `messages` messages, each with 3 recipients and a 4 KB header block.
 */
export async function benchOperatorRouting(
  messages = 20_000,
): Promise<{ envelopeUs: number; headersUs: number }> {
  const domain = 'in.bench';
  const samples = await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      const to = [0, 1, 2].map((k) => `fund-${k}-${randomBytes(6).toString('hex')}@${domain}`);
      const raw = await buildMail({
        to: to.join(', '),
        subject: `Deck ${i}`,
        headers: {
          'Delivered-To': to[0]!,
          'X-Original-To': to[1]!,
          Received: 'from mx.example.org (mx.example.org [203.0.113.7]) by in.bench; '.repeat(60),
        },
      });
      return { raw, envelope: to };
    }),
  );
  const cpu = (run: (s: (typeof samples)[number]) => unknown) => {
    for (let i = 0; i < 1000; i++) run(samples[i % samples.length]!); // warm up
    const start = process.cpuUsage();
    for (let i = 0; i < messages; i++) run(samples[i % samples.length]!);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / messages;
  };
  const envelopeUs = cpu((s) => new Set(inboundTokens(s.envelope, domain)));
  const headersUs = cpu((s) => new Set(inboundTokens(parseHeaderRecipients(s.raw).addresses, domain)));
  return { envelopeUs, headersUs };
}
