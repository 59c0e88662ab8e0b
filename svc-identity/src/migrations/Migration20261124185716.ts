import { Migration } from '@mikro-orm/migrations';

export class Migration20261124185716 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "two_factor_credentials" ("id" serial primary key, "user_id" int not null, "secret_sealed" varchar(255) not null, "confirmed_at" timestamptz null, "last_used_step" int null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "two_factor_credentials" add constraint "two_factor_credentials_user_id_unique" unique ("user_id");`,
    );

    this.addSql(
      `create table "sign_in_challenges" ("id" serial primary key, "token_hash" char(64) not null, "user_id" int not null, "method" varchar(16) not null, "failed_attempts" int not null default 0, "expires_at" timestamptz not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "sign_in_challenges" add constraint "sign_in_challenges_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `create table "two_factor_recovery_codes" ("id" serial primary key, "user_id" int not null, "code_hash" char(64) not null, "used_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "two_factor_recovery_codes" add constraint "two_factor_recovery_codes_user_code_unique" unique ("user_id", "code_hash");`,
    );

    this.addSql(
      `alter table "two_factor_credentials" add constraint "two_factor_credentials_user_id_fkey" foreign key ("user_id") references "users" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `alter table "sign_in_challenges" add constraint "sign_in_challenges_user_id_fkey" foreign key ("user_id") references "users" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `alter table "two_factor_recovery_codes" add constraint "two_factor_recovery_codes_user_id_fkey" foreign key ("user_id") references "users" ("id") on update no action on delete cascade;`,
    );

    this.addSql(
      `alter table "organizations" add column "require_two_factor" boolean not null default false;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "two_factor_credentials" cascade;`);

    this.addSql(`drop table if exists "sign_in_challenges" cascade;`);

    this.addSql(`drop table if exists "two_factor_recovery_codes" cascade;`);

    this.addSql(`alter table "organizations" drop column "require_two_factor";`);
  }
}
