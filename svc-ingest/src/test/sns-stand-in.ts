import { execFileSync } from 'node:child_process';
import { createSign, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHttpsStandIn } from './https-stand-in.js';

export const SNS_HOST = 'sns.us-east-1.amazonaws.com';

/** The string SNS signs, written here from AWS's documentation (not imported from the code under test). */
function stringToSign(m: Record<string, string | undefined>) {
  const keys =
    m.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return keys.flatMap((k) => (m[k] === undefined ? [] : [`${k}\n${m[k]}\n`])).join('');
}

/**
 * A local stand-in for `sns.us-east-1.amazonaws.com` that signs as "Verifying the signatures of Amazon SNS
 * messages" documents: its own RSA key and self-signed certificate (served as SigningCertURL), SignatureVersion
 * 1 or 2 over the documented string, and a ConfirmSubscription URL it records. The service reaches it through
 * the outbound guard with `outbound` (a test resolver to 127.0.0.1, the test allow list, its TLS certificate).
 */
export async function startSnsStandIn() {
  const dir = mkdtempSync(join(tmpdir(), 'sns-signing-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${SNS_HOST}`].concat([
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]),
    { stdio: 'ignore' },
  );
  const signingKey = readFileSync(join(dir, 'key.pem'), 'utf8');
  const signingCert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  const certFetches: string[] = [];
  const confirmations: URLSearchParams[] = [];
  const certPath = '/SimpleNotificationService-01d088a6f77103d0fe307c0069e40ed6.pem';
  const server = await startHttpsStandIn(
    (req, res) => {
      const url = new URL(req.url ?? '/', 'https://stand-in');
      if (url.pathname.endsWith('.pem')) {
        certFetches.push(url.pathname);
        res.writeHead(200, { 'content-type': 'application/x-x509-ca-cert' });
        res.end(signingCert);
      } else if (url.searchParams.get('Action') === 'ConfirmSubscription') {
        confirmations.push(url.searchParams);
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(
          `<ConfirmSubscriptionResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><ConfirmSubscriptionResult><SubscriptionArn>${url.searchParams.get('TopicArn')}:1</SubscriptionArn></ConfirmSubscriptionResult></ConfirmSubscriptionResponse>`,
        );
      } else {
        res.writeHead(404);
        res.end();
      }
    },
    { names: [SNS_HOST] },
  );
  const base = `https://${SNS_HOST}:${new URL(server.base).port}`;

  /** The message signed as SNS signs it (SigningCertURL this stand-in's unless given). */
  function signed(m: Record<string, string | undefined>, version: '1' | '2' = '1'): Record<string, string> {
    const body = {
      ...m,
      SignatureVersion: version,
      SigningCertURL: m.SigningCertURL ?? `${base}${certPath}`,
    };
    const signature = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
      .update(stringToSign(body))
      .sign(signingKey, 'base64');
    return { ...body, Signature: signature } as Record<string, string>;
  }

  /** An SES "Received" notification with the raw email as content (receipt rule, SNS action). */
  const sesMessage = (
    raw: Buffer,
    recipients: string[],
    topic: string,
    encoding: 'UTF8' | 'BASE64' = 'UTF8',
  ) =>
    JSON.stringify({
      notificationType: 'Received',
      mail: {
        timestamp: new Date().toISOString(),
        source: 'jane@acmerobotics.io',
        messageId: randomUUID(),
        destination: recipients,
        headersTruncated: false,
      },
      receipt: {
        timestamp: new Date().toISOString(),
        processingTimeMillis: 574,
        recipients,
        spamVerdict: { status: 'PASS' },
        virusVerdict: { status: 'PASS' },
        spfVerdict: { status: 'PASS' },
        dkimVerdict: { status: 'PASS' },
        dmarcVerdict: { status: 'PASS' },
        action: { type: 'SNS', topicArn: topic, encoding },
      },
      content: encoding === 'BASE64' ? raw.toString('base64') : raw.toString('utf8'),
    });

  const notification = (topic: string, message: string, over: Record<string, string> = {}) => ({
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: topic,
    Subject: 'Amazon SES Email Receipt Notification',
    Message: message,
    Timestamp: new Date().toISOString(),
    UnsubscribeURL: `${base}/?Action=Unsubscribe&SubscriptionArn=${topic}:1`,
    ...over,
  });

  return {
    base,
    /** The stand-in's own https://127.0.0.1:<port> (not an SNS host name). */
    rawBase: server.base,
    certPath,
    certFetches,
    confirmations,
    signed,
    sesMessage,
    notification,
    outbound: {
      testAllow: { hosts: [SNS_HOST], ca: server.ca },
      resolve: async (host: string) =>
        host === SNS_HOST ? [{ address: '127.0.0.1', family: 4 as const }] : [],
    },
    stop: () => server.stop(),
  };
}
