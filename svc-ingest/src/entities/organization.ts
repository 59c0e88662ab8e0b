import { EntitySchema } from '@mikro-orm/core';
import { createdAtColumn } from '@dealflow/service-kit';
import type { TIntegrationKind, TPlan } from '@dealflow/contracts';

/** Ingest's read model of an organization (from identity and billing events) plus its inbound address and secret. */
export interface Organization {
  id: number;
  name: string;
  slug: string;
  inboundToken: string;
  /**
   * The address before the owner's last rotation (issue 22): it keeps receiving until `previousInboundUntil`
   * (INBOUND_ADDRESS_GRACE_DAYS after the rotation), then nothing reaches the organization through it.
   */
  previousInboundToken: string | null;
  previousInboundUntil: Date | null;
  /**
   * The webhook secret (issue 20): its sha256 in hex, looked up when a post presents it before its body is
   * read, and the secret sealed for this organization (the HMAC check of X-Dealflow-Signature, the owner's
   * reveal). `webhookSecretPlain` is only set without an encryption key, or for a row written before this
   * change until the boot seals it (the migration has no key: use-cases/seal-webhook-secrets.ts).
   */
  webhookSecretHash: string;
  webhookSecretEnc: string | null;
  webhookSecretPlain: string | null;
  /** Mailgun's HTTP webhook signing key for this organization's routes, sealed like the mailbox password. */
  mailgunSigningKeyEnc: string | null;
  ownerId: number | null;
  plan: TPlan;
  subscriptionStatus: string | null;
  /** null until billing has told us: no limit is enforced before that. */
  monthlyDeckLimit: number | null;
  /** The integrations connected in svc-crm (crm.integrations.changed): counted against the plan's limit. */
  crmIntegrations: TIntegrationKind[];
  /**
   * The last Gmail forwarding-confirmation email to this organization's address (issue 22): the code and link
   * Integration 1 shows the owner, the Gmail address asking to forward, when it came. Never a record.
   */
  forwardingCode: string | null;
  forwardingLink: string | null;
  forwardingAddress: string | null;
  forwardingReceivedAt: Date | null;
  createdAt: Date;
}

export const OrganizationSchema = new EntitySchema<Organization>({
  name: 'Organization',
  tableName: 'organizations',
  properties: {
    // The id is identity's: this row is a read model, never numbered here.
    id: { type: 'integer', primary: true, autoincrement: false },
    name: { type: 'text' },
    slug: { type: 'text' },
    inboundToken: {
      type: 'text',
      fieldName: 'inbound_token',
      unique: 'organizations_inbound_token_key',
    },
    previousInboundToken: {
      type: 'text',
      fieldName: 'previous_inbound_token',
      nullable: true,
      unique: 'organizations_previous_inbound_token_key',
    },
    previousInboundUntil: {
      type: 'Date',
      columnType: 'timestamptz',
      fieldName: 'previous_inbound_until',
      nullable: true,
    },
    webhookSecretHash: {
      type: 'text',
      fieldName: 'webhook_secret_hash',
      unique: 'organizations_webhook_secret_hash_key',
    },
    webhookSecretEnc: { type: 'text', fieldName: 'webhook_secret_enc', nullable: true },
    webhookSecretPlain: { type: 'text', fieldName: 'webhook_secret', nullable: true },
    mailgunSigningKeyEnc: { type: 'text', fieldName: 'mailgun_signing_key_enc', nullable: true },
    ownerId: { type: 'integer', fieldName: 'owner_id', nullable: true },
    plan: { type: 'text', default: 'free' },
    subscriptionStatus: { type: 'text', fieldName: 'subscription_status', nullable: true },
    monthlyDeckLimit: { type: 'integer', fieldName: 'monthly_deck_limit', nullable: true },
    crmIntegrations: { type: 'json', fieldName: 'crm_integrations', defaultRaw: `'[]'` },
    forwardingCode: { type: 'text', fieldName: 'forwarding_code', nullable: true },
    forwardingLink: { type: 'text', fieldName: 'forwarding_link', nullable: true },
    forwardingAddress: { type: 'text', fieldName: 'forwarding_address', nullable: true },
    forwardingReceivedAt: {
      type: 'Date',
      columnType: 'timestamptz',
      fieldName: 'forwarding_received_at',
      nullable: true,
    },
    createdAt: createdAtColumn,
  },
});
