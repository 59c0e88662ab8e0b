import { Migration } from '@mikro-orm/migrations';

export class Migration20261124191410 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "emails_org_received";`);

    this.addSql(
      `CREATE INDEX emails_org_received_on ON emails (org_id, (coalesce(sent_at, received_at)) DESC, id DESC);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "emails_org_received_on";`);

    this.addSql(`create index "emails_org_received" on "emails" ("org_id", "received_at", "id");`);
  }
}
