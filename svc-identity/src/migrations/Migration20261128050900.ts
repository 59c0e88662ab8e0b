import { Migration } from '@mikro-orm/migrations';

export class Migration20261128050900 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "sessions" add column "unverified" boolean not null default false, add column "authenticated_at" timestamptz not null default now();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "unverified", drop column "authenticated_at";`);
  }
}
