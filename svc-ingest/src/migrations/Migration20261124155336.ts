import { Migration } from '@mikro-orm/migrations';

export class Migration20261124155336 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "webhook_tokens" ("token" text not null, "seen_at" timestamptz not null, constraint "webhook_tokens_pkey" primary key ("token"));`,
    );

    this.addSql(`alter table "organizations" add column "mailgun_signing_key_enc" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_tokens" cascade;`);

    this.addSql(`alter table "organizations" drop column "mailgun_signing_key_enc";`);
  }
}
