import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table organizations (
        id integer primary key,
        name text not null default '',
        owner_id integer null,
        owner_email text null,
        owner_name text null,
        member_count integer not null default 1,
        plan text not null default 'free',
        billing_cycle text null,
        status text null,
        stripe_customer_id text null unique,
        stripe_subscription_id text null unique,
        seats integer not null default 1,
        trial_ends_at timestamptz null,
        current_period_end timestamptz null,
        cancel_at_period_end boolean not null default false,
        has_payment_method boolean not null default false,
        deleted_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table members (
        user_id integer primary key,
        org_id integer not null,
        email text not null,
        name text not null,
        role text not null default 'member',
        joined_at timestamptz not null default now()
      );`);
    this.addSql(`create index members_org_id_idx on members (org_id);`);
    this.addSql(`
      create table checkout_sessions (
        id text primary key,
        org_id integer null,
        user_id integer not null,
        mode text not null,
        plan text null,
        billing_cycle text null,
        completed_at timestamptz null,
        login_used_at timestamptz null,
        purchase_recorded_at timestamptz null,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table payment_events (
        id text primary key,
        type text not null,
        handled_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table deck_usage (
        org_id integer not null,
        user_id integer not null,
        month text not null,
        decks_processed integer not null default 0,
        primary key (org_id, user_id, month)
      );`);
    // The embedded provider's own objects (used only without STRIPE_SECRET_KEY).
    this.addSql(`
      create table local_customers (
        id text primary key,
        org_id integer not null,
        email text not null,
        name text not null,
        idempotency_key text not null unique,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table local_checkout_sessions (
        id text primary key,
        mode text not null,
        status text not null default 'open',
        payment_status text not null default 'unpaid',
        customer_id text null,
        customer_email text null,
        subscription_id text null,
        price_id text not null,
        quantity integer not null default 1,
        trial_days integer not null default 0,
        success_url text not null,
        cancel_url text not null,
        metadata jsonb not null default '{}',
        amount_total integer null,
        currency text not null default 'usd',
        idempotency_key text not null unique,
        created_at timestamptz not null default now()
      );`);
    this.addSql(`
      create table local_subscriptions (
        id text primary key,
        customer_id text not null,
        status text not null,
        item_id text not null,
        price_id text not null,
        quantity integer not null,
        trial_end timestamptz null,
        current_period_end timestamptz null,
        cancel_at_period_end boolean not null default false,
        card_last4 text null,
        metadata jsonb not null default '{}',
        created_at timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    for (const table of [
      'local_subscriptions',
      'local_checkout_sessions',
      'local_customers',
      'deck_usage',
      'payment_events',
      'checkout_sessions',
      'members',
      'organizations',
    ]) {
      this.addSql(`drop table if exists ${table};`);
    }
  }
}
