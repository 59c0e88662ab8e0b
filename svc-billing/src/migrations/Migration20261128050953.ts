import { Migration } from '@mikro-orm/migrations';

export class Migration20261128050953 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "checkout_sessions" add column "expected_email" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "checkout_sessions" drop column "expected_email";`);
  }
}
