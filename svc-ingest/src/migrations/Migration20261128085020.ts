import { Migration } from '@mikro-orm/migrations';

export class Migration20261128085020 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "organizations" add column "previous_inbound_token" text null, add column "previous_inbound_until" timestamptz null;`,
    );
    this.addSql(
      `alter table "organizations" add constraint "organizations_previous_inbound_token_key" unique ("previous_inbound_token");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "organizations" drop constraint "organizations_previous_inbound_token_key";`);
    this.addSql(
      `alter table "organizations" drop column "previous_inbound_token", drop column "previous_inbound_until";`,
    );
  }
}
