import { Migration } from '@mikro-orm/migrations';

export class Migration20261124160026 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "email_verified_at" timestamptz null;`);
    // Hand edit: accounts made by Google sign-in had Google's verified email; password accounts stay unverified.
    this.addSql(`update "users" set "email_verified_at" = "created_at" where "google_id" is not null;`);

    this.addSql(
      `alter table "sessions" add column "last_seen_at" timestamptz not null default now(), add column "kind" varchar(16) not null default 'browser';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sessions" drop column "last_seen_at", drop column "kind";`);

    this.addSql(`alter table "users" drop column "email_verified_at";`);
  }
}
