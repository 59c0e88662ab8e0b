import { ZBaseConfig, blankIsUnset, loadConfig, refuseDevelopmentDefaults } from '@dealflow/service-kit';
import { z } from 'zod';
import { ocrInstalled } from './domain/ocr/ocr-engine.js';
import {
  DECK_MAX_PAGES,
  DECK_OCR_BUDGET_MS,
  DECK_OCR_MAX_IMAGES,
  DECK_OCR_MAX_PIXELS,
  DECK_READ_TIMEOUT_MS,
  DECK_WORKER_MAX_HEAP_MB,
  DECK_ZIP_MAX_ENTRY_BYTES,
  DECK_ZIP_MAX_RATIO,
  DECK_ZIP_MAX_TOTAL_BYTES,
  type TDeckLimits,
} from './domain/deck/deck-limits.js';

const optional = blankIsUnset(z.string());

/** What a provider's form adds to the message it carries: its other fields (envelope, sender, signature...). */
const MAIL_FORM_OVERHEAD_BYTES = 64 * 1024;

/** The environment as .env.example, the charts and dev-stack set it (flat names). */
const ZIngestEnv = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /** Domain of the per-organization inbound addresses `<slug>-<token>@INBOUND_MAIL_DOMAIN`. */
  INBOUND_MAIL_DOMAIN: z.string().min(3).default('inbound.dealflow.local'),
  /**
   * The installation's operator-level inbound routes (issue 22 item 1: one provider account for every
   * organization, routed by recipient). Each is off while its proof is unset:
   * raw MIME `Authorization: Bearer <INBOUND_OPERATOR_TOKEN>`; SendGrid Inbound Parse and Postmark inbound with
   * basic auth in the URL (the password); Mailgun routes signed with the webhook signing key; Amazon SES
   * through SNS from the listed topic ARNs (comma-separated).
   */
  INBOUND_OPERATOR_TOKEN: blankIsUnset(z.string().min(24).max(512)),
  INBOUND_SENDGRID_PASSWORD: blankIsUnset(z.string().min(16).max(512)),
  INBOUND_POSTMARK_PASSWORD: blankIsUnset(z.string().min(16).max(512)),
  INBOUND_MAILGUN_SIGNING_KEY: blankIsUnset(z.string().min(16).max(512)),
  INBOUND_SES_TOPIC_ARNS: blankIsUnset(
    z
      .string()
      .regex(
        /^arn:aws(-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[\w-]+(,arn:aws(-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[\w-]+)*$/,
        'INBOUND_SES_TOPIC_ARNS: SNS topic ARNs separated by commas',
      ),
  ),
  /** How long an organization's previous inbound address keeps receiving after the owner rotates it. */
  INBOUND_ADDRESS_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  /** Largest raw message the mail webhook accepts (bytes); larger -> 413. */
  MAIL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  /** Wall time for parsing one message in the mail worker; past it the message becomes a failed record. */
  MAIL_PARSE_TIMEOUT_MS: z.coerce.number().int().min(10).default(15_000),
  /** Largest deck file processed (bytes); larger fails its record. */
  DECK_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  /** Reading one deck (src/domain/deck/deck-limits.ts has what each means and why its default). */
  DECK_MAX_PAGES: blankIsUnset(z.coerce.number().int().min(1)).default(DECK_MAX_PAGES),
  DECK_READ_TIMEOUT_MS: blankIsUnset(z.coerce.number().int().min(1000)).default(DECK_READ_TIMEOUT_MS),
  DECK_WORKER_MAX_HEAP_MB: blankIsUnset(z.coerce.number().int().min(64)).default(DECK_WORKER_MAX_HEAP_MB),
  /** Pages rendered and pictures OCR'd per deck; 0 turns OCR off. */
  DECK_OCR_MAX_IMAGES: blankIsUnset(z.coerce.number().int().min(0)).default(DECK_OCR_MAX_IMAGES),
  DECK_OCR_BUDGET_MS: blankIsUnset(z.coerce.number().int().min(0)).default(DECK_OCR_BUDGET_MS),
  DECK_OCR_MAX_PIXELS: blankIsUnset(z.coerce.number().int().min(10_000)).default(DECK_OCR_MAX_PIXELS),
  DECK_ZIP_MAX_TOTAL_BYTES: blankIsUnset(z.coerce.number().int().min(1024)).default(DECK_ZIP_MAX_TOTAL_BYTES),
  DECK_ZIP_MAX_ENTRY_BYTES: blankIsUnset(z.coerce.number().int().min(1024)).default(DECK_ZIP_MAX_ENTRY_BYTES),
  DECK_ZIP_MAX_RATIO: blankIsUnset(z.coerce.number().int().min(2)).default(DECK_ZIP_MAX_RATIO),
  /** Any OpenAI-compatible endpoint; without both, the offline heuristic extractor is used. */
  OPENAI_BASE_URL: optional,
  OPENAI_API_KEY: optional,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** AES-256-GCM key for mailbox passwords and accounting secrets at rest. */
  MAILBOX_ENCRYPTION_KEY: optional.refine((v) => v === undefined || Buffer.from(v, 'base64').length === 32, {
    message: 'MAILBOX_ENCRYPTION_KEY must be 32 bytes, base64 encoded (openssl rand -base64 32)',
  }),
  /** How often the auto-scan loop looks for mailboxes due a scan (each mailbox has its own interval). */
  MAILBOX_SCAN_TICK_MS: z.coerce.number().int().min(100).default(30_000),
  /** How often emails held by the monthly limit are re-examined. */
  LIMIT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** A `pending` email (not held by the monthly limit) older than this gets its event published again. */
  PENDING_REPUBLISH_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  /**
   * A completed record without a CRM outcome (no deal, no rejection) this long after its last change gets its
   * ingest.deck.extracted announced again (checked every LIMIT_SWEEP_INTERVAL_MS). crm answers in seconds.
   */
  DEAL_REANNOUNCE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  IMAP_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Tests only: Xero's identity server and API hosts (the local stand-in); refused in production. */
  XERO_IDENTITY_URL: blankIsUnset(z.url()),
  XERO_API_URL: blankIsUnset(z.url()),
  /** How often the accounting sync loop looks for organizations due a scheduled sync. */
  ACCOUNTING_SYNC_TICK_MS: z.coerce.number().int().min(100).default(60_000),
})
  .superRefine(refuseDevelopmentDefaults())
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const name of ['XERO_IDENTITY_URL', 'XERO_API_URL'] as const)
      if (env[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} points Xero at a stand-in: tests only`,
        });
  });
type TIngestEnv = z.infer<typeof ZIngestEnv>;

/** The parsed environment grouped for its readers; the kit's variables stay as the kit reads them. */
const groupForReaders = ({
  INBOUND_MAIL_DOMAIN,
  INBOUND_OPERATOR_TOKEN,
  INBOUND_SENDGRID_PASSWORD,
  INBOUND_POSTMARK_PASSWORD,
  INBOUND_MAILGUN_SIGNING_KEY,
  INBOUND_SES_TOPIC_ARNS,
  INBOUND_ADDRESS_GRACE_DAYS,
  MAIL_MAX_BYTES,
  MAIL_PARSE_TIMEOUT_MS,
  DECK_MAX_BYTES,
  DECK_MAX_PAGES: maxPages,
  DECK_READ_TIMEOUT_MS: timeoutMs,
  DECK_WORKER_MAX_HEAP_MB: workerMaxHeapMb,
  DECK_OCR_MAX_IMAGES: ocrMaxImages,
  DECK_OCR_BUDGET_MS: ocrBudgetMs,
  DECK_OCR_MAX_PIXELS: ocrMaxPixels,
  DECK_ZIP_MAX_TOTAL_BYTES: zipMaxTotalBytes,
  DECK_ZIP_MAX_ENTRY_BYTES: zipMaxEntryBytes,
  DECK_ZIP_MAX_RATIO: zipMaxRatio,
  OPENAI_BASE_URL,
  OPENAI_API_KEY,
  OPENAI_MODEL,
  MAILBOX_ENCRYPTION_KEY,
  MAILBOX_SCAN_TICK_MS,
  LIMIT_SWEEP_INTERVAL_MS,
  PENDING_REPUBLISH_AFTER_MS,
  DEAL_REANNOUNCE_AFTER_MS,
  IMAP_TIMEOUT_MS,
  XERO_IDENTITY_URL,
  XERO_API_URL,
  ACCOUNTING_SYNC_TICK_MS,
  ...base
}: TIngestEnv) => ({
  ...base,
  /** The mail webhook and the inbound addresses. */
  mail: {
    inboundDomain: INBOUND_MAIL_DOMAIN,
    maxBytes: MAIL_MAX_BYTES,
    /**
     * A provider's form (Mailgun's `body-mime`, SendGrid's `email`) carries the whole message plus a few small
     * fields and the multipart boundaries: a message of MAIL_MAX_BYTES (25 MB by default, Mailgun's documented
     * largest inbound message) still fits.
     */
    formMaxBytes: MAIL_MAX_BYTES + MAIL_FORM_OVERHEAD_BYTES,
    parseTimeoutMs: MAIL_PARSE_TIMEOUT_MS,
    /** Days the previous address keeps receiving after a rotation. */
    addressGraceDays: INBOUND_ADDRESS_GRACE_DAYS,
  },
  /** The operator's provider routes (`/webhooks/mail/operator/:provider`); unset: that route is off (404). */
  operatorInbound: {
    rawToken: INBOUND_OPERATOR_TOKEN,
    sendgridPassword: INBOUND_SENDGRID_PASSWORD,
    postmarkPassword: INBOUND_POSTMARK_PASSWORD,
    mailgunSigningKey: INBOUND_MAILGUN_SIGNING_KEY,
    sesTopicArns: INBOUND_SES_TOPIC_ARNS ? INBOUND_SES_TOPIC_ARNS.split(',') : [],
  },
  /** The deck file's size cap and what reading it may cost (worker heap, time, OCR, zip inflation). */
  deck: {
    maxBytes: DECK_MAX_BYTES,
    limits: {
      maxPages,
      timeoutMs,
      workerMaxHeapMb,
      // OCR is an optional install (src/domain/ocr/ocr-engine.ts): without it, OCR is off.
      ocrMaxImages: ocrInstalled().ok ? ocrMaxImages : 0,
      ocrBudgetMs,
      ocrMaxPixels,
      zipMaxTotalBytes,
      zipMaxEntryBytes,
      zipMaxRatio,
    } satisfies Partial<TDeckLimits>,
  },
  /** Unset baseUrl or apiKey: the offline heuristic extractor. */
  openai: { baseUrl: OPENAI_BASE_URL, apiKey: OPENAI_API_KEY, model: OPENAI_MODEL },
  /** Integration 1 (IMAP) and the credentials stored at rest. */
  mailbox: {
    encryptionKey: MAILBOX_ENCRYPTION_KEY,
    imapTimeoutMs: IMAP_TIMEOUT_MS,
    scanTickMs: MAILBOX_SCAN_TICK_MS,
  },
  /** Integration 2 (Xero): host overrides for tests (unset: identity.xero.com, api.xero.com) and the schedule tick. */
  xero: { identityUrl: XERO_IDENTITY_URL, apiUrl: XERO_API_URL, syncTickMs: ACCOUNTING_SYNC_TICK_MS },
  /** The periodic sweep: emails held by the monthly allowance, events lost (pending emails, unanswered records). */
  limits: {
    sweepIntervalMs: LIMIT_SWEEP_INTERVAL_MS,
    pendingRepublishAfterMs: PENDING_REPUBLISH_AFTER_MS,
    dealReannounceAfterMs: DEAL_REANNOUNCE_AFTER_MS,
  },
});

export const ZConfig = ZIngestEnv.transform(groupForReaders);
export type TConfig = z.output<typeof ZConfig>;

export const loadServiceConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(ZConfig, env);
