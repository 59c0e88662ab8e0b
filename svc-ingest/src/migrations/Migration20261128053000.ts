import { Migration } from '@mikro-orm/migrations';

export class Migration20261128053000 extends Migration {
  override async up(): Promise<void> {
    // Issue 20: the webhook secret is looked up by its sha256 and sealed. The hash is computed here for the rows
    // there are; sealing needs MAILBOX_ENCRYPTION_KEY, which a migration does not have: svc-ingest seals the
    // plaintext ones at boot (use-cases/seal-webhook-secrets.ts) and clears `webhook_secret`.
    this.addSql(
      `alter table "organizations" add column "webhook_secret_hash" text null, add column "webhook_secret_enc" text null;`,
    );
    this.addSql(
      `update "organizations" set "webhook_secret_hash" = encode(sha256(convert_to("webhook_secret", 'UTF8')), 'hex');`,
    );
    this.addSql(`alter table "organizations" alter column "webhook_secret_hash" set not null;`);
    this.addSql(
      `alter table "organizations" alter column "webhook_secret" type text using ("webhook_secret"::text);`,
    );
    this.addSql(`alter table "organizations" alter column "webhook_secret" drop not null;`);
    this.addSql(
      `alter table "organizations" add constraint "organizations_webhook_secret_hash_key" unique ("webhook_secret_hash");`,
    );
  }

  override async down(): Promise<void> {
    // Down only works before the boot sealed the secrets (a sealed one cannot be opened without the key here).
    this.addSql(`alter table "organizations" drop constraint "organizations_webhook_secret_hash_key";`);
    this.addSql(
      `alter table "organizations" drop column "webhook_secret_hash", drop column "webhook_secret_enc";`,
    );

    this.addSql(
      `alter table "organizations" alter column "webhook_secret" type text using ("webhook_secret"::text);`,
    );
    this.addSql(`alter table "organizations" alter column "webhook_secret" set not null;`);
  }
}
