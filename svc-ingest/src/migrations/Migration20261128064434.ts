import { Migration } from '@mikro-orm/migrations';

export class Migration20261128064434 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "organizations" add column "forwarding_code" text null, add column "forwarding_link" text null, add column "forwarding_address" text null, add column "forwarding_received_at" timestamptz null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "organizations" drop column "forwarding_code", drop column "forwarding_link", drop column "forwarding_address", drop column "forwarding_received_at";`,
    );
  }
}
