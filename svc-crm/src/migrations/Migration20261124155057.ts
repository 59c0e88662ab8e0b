import { Migration } from '@mikro-orm/migrations';

export class Migration20261124155057 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "crm_deck" add column "outline" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "crm_deck" drop column "outline";`);
  }
}
