import { Migration } from '@mikro-orm/migrations';

export class Migration20261124154959 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "emails" add column "sent_at" timestamptz null, add column "provenance" jsonb not null default '{}', add column "corrections" jsonb not null default '{}';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "emails" drop column "sent_at", drop column "provenance", drop column "corrections";`,
    );
  }
}
