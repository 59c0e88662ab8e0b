import { Migration } from '@mikro-orm/migrations';

export class Migration20261124185239 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "local_invoices" ("id" text not null, "number" text not null, "customer_id" text not null, "subscription_id" text not null, "status" text not null, "billing_reason" text not null, "currency" text not null default 'usd', "total" int not null, "amount_paid" int not null default 0, "period_start" timestamptz not null, "period_end" timestamptz not null, "lines" jsonb not null default '[]', "created" timestamptz not null, "paid_at" timestamptz null, constraint "local_invoices_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "local_invoices" add constraint "local_invoices_number_key" unique ("number");`);
    this.addSql(`create index "local_invoices_customer_id_index" on "local_invoices" ("customer_id");`);

    this.addSql(`alter table "local_customers" add column "clock_offset_seconds" int not null default 0;`);

    this.addSql(
      `alter table "local_subscriptions" add column "current_period_start" timestamptz null, add column "card_fails_on_charge" boolean not null default false, add column "trial_will_end_sent" boolean not null default false, add column "pending_lines" jsonb not null default '[]';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "local_invoices" cascade;`);

    this.addSql(`alter table "local_customers" drop column "clock_offset_seconds";`);

    this.addSql(
      `alter table "local_subscriptions" drop column "current_period_start", drop column "card_fails_on_charge", drop column "trial_will_end_sent", drop column "pending_lines";`,
    );
  }
}
