import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "members" ("user_id" int not null, "org_id" int not null, "email" text not null, "name" text not null, "role" text not null default 'member', "joined_at" timestamptz not null default now(), constraint "members_pkey" primary key ("user_id"));`,
    );
    this.addSql(`create index "members_org_id_idx" on "members" ("org_id");`);

    this.addSql(
      `create table "organizations" ("id" int not null, "name" text not null default '', "owner_id" int null, "owner_email" text null, "owner_name" text null, "member_count" int not null default 1, "plan" text not null default 'free', "billing_cycle" text null, "status" text null, "stripe_customer_id" text null, "stripe_subscription_id" text null, "seats" int not null default 1, "trial_ends_at" timestamptz null, "current_period_end" timestamptz null, "cancel_at_period_end" boolean not null default false, "has_payment_method" boolean not null default false, "deleted_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "organizations_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "organizations" add constraint "organizations_stripe_customer_id_key" unique ("stripe_customer_id");`,
    );
    this.addSql(
      `alter table "organizations" add constraint "organizations_stripe_subscription_id_key" unique ("stripe_subscription_id");`,
    );

    this.addSql(
      `create table "checkout_sessions" ("id" text not null, "org_id" int null, "user_id" int not null, "mode" text not null, "plan" text null, "billing_cycle" text null, "completed_at" timestamptz null, "login_used_at" timestamptz null, "purchase_recorded_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "checkout_sessions_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "deck_usage" ("org_id" int not null, "user_id" int not null, "month" text not null, "decks_processed" int not null default 0, constraint "deck_usage_pkey" primary key ("org_id", "user_id", "month"));`,
    );

    this.addSql(
      `create table "local_checkout_sessions" ("id" text not null, "mode" text not null, "status" text not null default 'open', "payment_status" text not null default 'unpaid', "customer_id" text null, "customer_email" text null, "subscription_id" text null, "price_id" text not null, "quantity" int not null default 1, "trial_days" int not null default 0, "success_url" text not null, "cancel_url" text not null, "metadata" jsonb not null default '{}', "amount_total" int null, "currency" text not null default 'usd', "idempotency_key" text not null, "created_at" timestamptz not null default now(), constraint "local_checkout_sessions_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "local_checkout_sessions" add constraint "local_checkout_sessions_idempotency_key_key" unique ("idempotency_key");`,
    );

    this.addSql(
      `create table "local_customers" ("id" text not null, "org_id" int not null, "email" text not null, "name" text not null, "idempotency_key" text not null, "created_at" timestamptz not null default now(), constraint "local_customers_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "local_customers" add constraint "local_customers_idempotency_key_key" unique ("idempotency_key");`,
    );

    this.addSql(
      `create table "local_subscriptions" ("id" text not null, "customer_id" text not null, "status" text not null, "item_id" text not null, "price_id" text not null, "quantity" int not null, "trial_end" timestamptz null, "current_period_end" timestamptz null, "cancel_at_period_end" boolean not null default false, "card_last4" text null, "metadata" jsonb not null default '{}', "created_at" timestamptz not null default now(), constraint "local_subscriptions_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "payment_events" ("id" text not null, "type" text not null, "handled_at" timestamptz not null default now(), constraint "payment_events_pkey" primary key ("id"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "members" cascade;`);

    this.addSql(`drop table if exists "organizations" cascade;`);

    this.addSql(`drop table if exists "checkout_sessions" cascade;`);

    this.addSql(`drop table if exists "deck_usage" cascade;`);

    this.addSql(`drop table if exists "local_checkout_sessions" cascade;`);

    this.addSql(`drop table if exists "local_customers" cascade;`);

    this.addSql(`drop table if exists "local_subscriptions" cascade;`);

    this.addSql(`drop table if exists "payment_events" cascade;`);
  }
}
