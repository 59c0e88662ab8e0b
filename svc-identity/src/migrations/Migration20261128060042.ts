import { Migration } from '@mikro-orm/migrations';

export class Migration20261128060042 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "notification_settings" add column "email_on_mention" boolean not null default true;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "notification_settings" drop column "email_on_mention";`);
  }
}
