import { Migration } from '@mikro-orm/migrations';

export class Migration20261124185602 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "crm_ingest_integrations" ("org_id" int not null, "connected" jsonb not null default '[]', "updated_at" timestamptz not null default now(), constraint "crm_ingest_integrations_pkey" primary key ("org_id"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "crm_ingest_integrations" cascade;`);
  }
}
