// k6: inbound emails with a PDF deck posted to POST /webhooks/mail through the gateway.
//   k6 run -e BASE_URL=https://app.example.com -e INBOX_ADDRESS=deals-xxxx@in.example.com \
//          -e MAIL_WEBHOOK_SECRET=... load/mail-webhook.js
// INBOX_ADDRESS and MAIL_WEBHOOK_SECRET are the organization's inbound address and secret (Integration 1).
// The message is a raw RFC 5322 multipart with a small PDF attachment; each iteration gets its own
// Message-ID and company domain so every email becomes its own record. Issue 5's target: >= 1,000 emails a
// minute accepted and processed end to end.
import http from 'k6/http';
import encoding from 'k6/encoding';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
const INBOX = __ENV.INBOX_ADDRESS;
const SECRET = __ENV.MAIL_WEBHOOK_SECRET;

export const options = {
  scenarios: {
    inbound_mail: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.PER_MINUTE || 1000),
      timeUnit: '1m',
      duration: __ENV.DURATION || '2m',
      preAllocatedVUs: 20,
      maxVUs: 100,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.001'],
    http_req_duration: ['p(99)<500'],
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
  return {};
}

export default function () {
  const id = `${__VU}-${__ITER}-${Date.now()}`;
  const company = `Company ${id}`;
  const domain = `company-${id}.example.com`;
  const boundary = `k6-${id}`;
  const raw = [
    `From: Founder <founder@${domain}>`,
    `To: ${INBOX}`,
    `Subject: ${company} - pitch deck`,
    `Message-ID: <${id}@${domain}>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hello, please find our deck attached. https://${domain}`,
    `--${boundary}`,
    'Content-Type: application/pdf; name="deck.pdf"',
    'Content-Disposition: attachment; filename="deck.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    encoding.b64encode(deckPdf(company, domain)),
    `--${boundary}--`,
    '',
  ].join('\r\n');
  const response = http.post(`${BASE_URL}/webhooks/mail`, raw, {
    headers: { 'Content-Type': 'message/rfc822', Authorization: `Bearer ${SECRET}` },
    tags: { name: 'POST /webhooks/mail' },
  });
  check(response, { 'accepted (202)': (r) => r.status === 202 });
}
