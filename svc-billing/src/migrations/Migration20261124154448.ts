import { Migration } from '@mikro-orm/migrations';

export class Migration20261124154448 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "checkout_sessions" add column "browser_key_hash" text null, add column "buyer_email" text null, add column "claim_token_hash" text null, add column "claim_expires_at" timestamptz null, add column "claim_user_id" int null;`,
    );
    this.addSql(`alter table "checkout_sessions" alter column "user_id" type int using ("user_id"::int);`);
    this.addSql(`alter table "checkout_sessions" alter column "user_id" drop not null;`);
    this.addSql(
      `alter table "checkout_sessions" add constraint "checkout_sessions_claim_token_hash_key" unique ("claim_token_hash");`,
    );

    this.addSql(`alter table "local_checkout_sessions" add column "customer_name" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "checkout_sessions" drop constraint "checkout_sessions_claim_token_hash_key";`);
    this.addSql(
      `alter table "checkout_sessions" drop column "browser_key_hash", drop column "buyer_email", drop column "claim_token_hash", drop column "claim_expires_at", drop column "claim_user_id";`,
    );

    this.addSql(`alter table "checkout_sessions" alter column "user_id" type int4 using ("user_id"::int4);`);
    this.addSql(`alter table "checkout_sessions" alter column "user_id" set not null;`);

    this.addSql(`alter table "local_checkout_sessions" drop column "customer_name";`);
  }
}
