import { Migration } from '@mikro-orm/migrations';

export class Migration20261124221432 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "local_invoices" add column "attempt_count" int not null default 1, add column "next_payment_attempt" timestamptz null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "local_invoices" drop column "attempt_count", drop column "next_payment_attempt";`,
    );
  }
}
