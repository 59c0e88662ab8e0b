import { Migration } from '@mikro-orm/migrations';

export class Migration20261124184948 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "email_verification_tokens" ("id" serial primary key, "user_id" int not null, "token_hash" char(64) not null, "purpose" varchar(16) not null, "email" varchar(254) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "email_verification_tokens_user_id_index" on "email_verification_tokens" ("user_id");`,
    );
    this.addSql(
      `alter table "email_verification_tokens" add constraint "email_verification_tokens_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `alter table "email_verification_tokens" add constraint "email_verification_tokens_user_id_fkey" foreign key ("user_id") references "users" ("id") on update no action on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_verification_tokens" cascade;`);
  }
}
