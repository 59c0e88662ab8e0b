import { Migration } from '@mikro-orm/migrations';

export class Migration20261124192922 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "crm_affinity_connections" ("org_id" int not null, "api_key_sealed" text not null, "api_key_hint" varchar(8) not null, "list_id" int not null, "web_url" text not null, "connected_by" int not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "crm_affinity_connections_pkey" primary key ("org_id"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "crm_affinity_connections" cascade;`);
  }
}
