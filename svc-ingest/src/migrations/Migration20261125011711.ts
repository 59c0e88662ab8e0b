import { Migration } from '@mikro-orm/migrations';

export class Migration20261125011711 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "emails" add column "deck_outline" jsonb null, add column "deal_announcements" int not null default 0;`,
    );
    this.addSql(
      `CREATE INDEX emails_awaiting_deal ON emails (updated_at) WHERE status = 'completed' AND deal_id IS NULL;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "emails_awaiting_deal";`);
    this.addSql(`alter table "emails" drop column "deck_outline", drop column "deal_announcements";`);
  }
}
