// k6: inbound emails with a PDF deck posted to POST /webhooks/mail through the gateway.
//   k6 run -e BASE_URL=https://app.example.com -e INBOX_ADDRESS=deals-xxxx@in.example.com \
//          -e MAIL_WEBHOOK_SECRET=... load/mail-webhook.js
// INBOX_ADDRESS and MAIL_WEBHOOK_SECRET are the organization's inbound address and secret (Integration 1);
// SESSION_TOKEN is a session of a member of that organization (or EMAIL and PASSWORD to sign in), used to
// follow each email until its record is processed: `mail_processed` measures intake to finished record.
// The message is a raw RFC 5322 multipart with a small PDF attachment; each iteration gets its own
// Message-ID and company domain so every email becomes its own record. Issue 5's target: >= 1,000 emails a
// minute accepted and processed end to end.
import http from 'k6/http';
import encoding from 'k6/encoding';
import { check, group, sleep } from 'k6';
// dev-stack's one writer of raw emails, built (`npm run build`): plain ES2022 with no Node API, as k6 needs.
import { buildRawEmail } from '../packages/dev-stack/dist/raw-email.js';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
const INBOX = __ENV.INBOX_ADDRESS;
const SECRET = __ENV.MAIL_WEBHOOK_SECRET;
const POLL_SECONDS = Number(__ENV.POLL_SECONDS || 0.5);
const MAX_WAIT_SECONDS = Number(__ENV.MAX_WAIT_SECONDS || 60);
const IN_PROGRESS = ['pending', 'processing'];
const PROCESSED = 'mail_processed';

export const options = {
  scenarios: {
    inbound_mail: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.PER_MINUTE || 1000),
      timeUnit: '1m',
      duration: __ENV.DURATION || '2m',
      // each iteration waits for its record: ~17 emails/s x the processing time in flight
      preAllocatedVUs: 100,
      maxVUs: 600,
    },
  },
  // Scoped to the measured requests (not setup's sign-in nor the status polls). The group's duration is the
  // end-to-end figure: webhook accepted -> parsed -> extracted -> record no longer pending or processing.
  thresholds: {
    'http_req_failed{name:POST /webhooks/mail}': ['rate<0.001'],
    'http_req_duration{name:POST /webhooks/mail}': ['p(99)<500'],
    [`group_duration{group:::${PROCESSED}}`]: ['p(95)<30000'],
    'checks{scenario:inbound_mail}': ['rate>0.999'],
  },
};

// A one-page PDF whose text names the company (the offline extractor reads it).
function deckPdf(company, domain) {
  const text = `${company} - Seed round - ${domain} - AI for logistics`;
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  return [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj',
    `4 0 obj << /Length ${stream.length} >> stream\n${stream}\nendstream endobj`,
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
}

export function setup() {
  if (!INBOX || !SECRET) throw new Error('Set INBOX_ADDRESS and MAIL_WEBHOOK_SECRET (Integration 1 page)');
  if (__ENV.SESSION_TOKEN) return { token: __ENV.SESSION_TOKEN };
  const response = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ email: __ENV.EMAIL, password: __ENV.PASSWORD }),
    { headers: { 'Content-Type': 'application/json' }, tags: { name: 'setup' } },
  );
  if (response.status !== 200) throw new Error('Set SESSION_TOKEN, or EMAIL and PASSWORD of a member');
  return { token: sessionCookie(response) };
}

export default function (data) {
  group(PROCESSED, () => sendAndFollow(data.token));
}

function sendAndFollow(token) {
  const id = `${__VU}-${__ITER}-${Date.now()}`;
  const company = `Company ${id}`;
  const domain = `company-${id}.example.com`;
  const raw = buildRawEmail({
    from: `Founder <founder@${domain}>`,
    to: INBOX,
    subject: `${company} - pitch deck`,
    messageId: `<${id}@${domain}>`,
    text: `Hello, please find our deck attached. https://${domain}`,
    attachments: [
      {
        filename: 'deck.pdf',
        contentType: 'application/pdf',
        content: { base64: encoding.b64encode(deckPdf(company, domain)) },
      },
    ],
  });
  const response = http.post(`${BASE_URL}/webhooks/mail`, raw, {
    headers: { 'Content-Type': 'message/rfc822', Authorization: `Bearer ${SECRET}` },
    tags: { name: 'POST /webhooks/mail' },
  });
  if (!check(response, { 'accepted (202)': (r) => r.status === 202 })) return;
  const emailId = response.json('emailId');
  const deadline = Date.now() + MAX_WAIT_SECONDS * 1000;
  let record;
  do {
    sleep(POLL_SECONDS);
    record = http.get(`${BASE_URL}/api/emails/${emailId}`, {
      headers: { Cookie: `df_session=${token}`, Accept: 'application/json' },
      tags: { name: 'GET /api/emails/:id (poll)' },
    });
  } while (
    record.status === 200 &&
    IN_PROGRESS.includes(String(record.json('status'))) &&
    Date.now() < deadline
  );
  check(record, {
    'record processed in time': (r) => r.status === 200 && !IN_PROGRESS.includes(String(r.json('status'))),
    'record not failed': (r) => r.json('status') !== 'failed',
  });
}

/**
 * The session token travels only in the HttpOnly df_session cookie, never in the body. Without it every iteration
 * is refused (401), which its checks and the checks threshold report.
 */
function sessionCookie(response) {
  const jar = (response.cookies && response.cookies.df_session) || [];
  if (jar.length > 0) return jar[0].value;
  return '';
}
