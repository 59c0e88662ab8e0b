import { Migration } from '@mikro-orm/migrations';

/** Identity's schema (seed 000 section 3), hand-written. Tokens are stored only as sha256 hex. */
export class Migration20261121000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "organizations" (
        "id" serial primary key,
        "name" varchar(100) not null,
        "owner_id" integer not null,
        "plan" varchar(16) not null default 'free' check ("plan" in ('free', 'basic', 'pro')),
        "chosen_plan" varchar(16) null check ("chosen_plan" in ('basic', 'pro')),
        "chosen_billing_cycle" varchar(16) null check ("chosen_billing_cycle" in ('monthly', 'annual')),
        "stripe_customer_id" varchar(255) null,
        "stripe_subscription_id" varchar(255) null,
        "subscription_status" varchar(32) null,
        "subscription_quantity" integer not null default 1,
        "billing_cycle" varchar(16) null check ("billing_cycle" in ('monthly', 'annual')),
        "trial_ends_at" timestamptz null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create table "users" (
        "id" serial primary key,
        "email" varchar(254) not null,
        "password_hash" varchar(255) null,
        "name" varchar(100) not null,
        "profile_picture" varchar(2048) null,
        "google_id" varchar(255) null,
        "organization_id" integer null references "organizations" ("id") on delete set null,
        "role" varchar(16) not null default 'member' check ("role" in ('owner', 'member')),
        "digital_product_access" boolean not null default false,
        "stripe_checkout_id" varchar(255) null,
        "purchase_date" timestamptz null,
        "created_at" timestamptz not null default now(),
        constraint "users_email_unique" unique ("email"),
        constraint "users_google_id_unique" unique ("google_id")
      );`);
    this.addSql(`create index "users_organization_id_index" on "users" ("organization_id");`);
    this.addSql(`
      create table "sessions" (
        "id" serial primary key,
        "token_hash" char(64) not null,
        "user_id" integer not null references "users" ("id") on delete cascade,
        "created_at" timestamptz not null default now(),
        "expires_at" timestamptz not null,
        "user_agent" varchar(512) null,
        "ip" varchar(64) null,
        constraint "sessions_token_hash_unique" unique ("token_hash")
      );`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`
      create table "password_reset_tokens" (
        "id" serial primary key,
        "user_id" integer not null references "users" ("id") on delete cascade,
        "token_hash" char(64) not null,
        "expires_at" timestamptz not null,
        "used" boolean not null default false,
        "created_at" timestamptz not null default now(),
        constraint "password_reset_tokens_token_hash_unique" unique ("token_hash")
      );`);
    this.addSql(`
      create table "invitations" (
        "id" serial primary key,
        "email" varchar(254) not null,
        "name" varchar(100) null,
        "organization_id" integer not null references "organizations" ("id") on delete cascade,
        "invited_by_id" integer null references "users" ("id") on delete set null,
        "token_hash" char(64) not null,
        "role" varchar(16) not null default 'member' check ("role" in ('owner', 'member')),
        "status" varchar(16) not null default 'pending' check ("status" in ('pending', 'accepted', 'revoked')),
        "expires_at" timestamptz not null,
        "accepted_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        constraint "invitations_token_hash_unique" unique ("token_hash")
      );`);
    // One pending invitation per person and organization.
    this.addSql(
      `create unique index "invitations_pending_unique" on "invitations" ("organization_id", "email") where "status" = 'pending';`,
    );
    this.addSql(`
      create table "activity_logs" (
        "id" serial primary key,
        "user_id" integer null references "users" ("id") on delete set null,
        "organization_id" integer not null references "organizations" ("id") on delete cascade,
        "activity_type" varchar(64) not null,
        "description" varchar(500) not null,
        "metadata" jsonb null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "activity_logs_organization_id_index" on "activity_logs" ("organization_id", "created_at");`,
    );
    this.addSql(`
      create table "notification_settings" (
        "user_id" integer primary key references "users" ("id") on delete cascade,
        "email_on_deck_processed" boolean not null default true,
        "email_on_deal_created" boolean not null default true,
        "weekly_digest" boolean not null default false,
        "updated_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql(
      'drop table if exists "notification_settings", "activity_logs", "invitations", "password_reset_tokens", "sessions", "users", "organizations" cascade;',
    );
  }
}
