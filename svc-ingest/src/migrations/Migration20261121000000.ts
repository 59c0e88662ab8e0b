import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE organizations (
      id int PRIMARY KEY,
      name text NOT NULL,
      slug text NOT NULL,
      inbound_token text NOT NULL UNIQUE,
      webhook_secret text NOT NULL,
      owner_id int,
      plan text NOT NULL DEFAULT 'free',
      subscription_status text,
      monthly_deck_limit int,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql(`CREATE TABLE members (
      org_id int NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      user_id int NOT NULL,
      email text NOT NULL,
      name text NOT NULL,
      role text NOT NULL,
      PRIMARY KEY (org_id, user_id)
    )`);
    this.addSql('CREATE INDEX members_email ON members (lower(email))');
    this.addSql(`CREATE TABLE emails (
      id serial PRIMARY KEY,
      org_id int NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      message_id text,
      from_name text,
      from_email text NOT NULL,
      forwarded_by text,
      subject text,
      text_body text NOT NULL DEFAULT '',
      html_body text,
      received_at timestamptz NOT NULL,
      source text NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      status_reason text,
      deck_links jsonb NOT NULL DEFAULT '[]',
      extracted_data jsonb,
      company_name text,
      deal_id text,
      deal_url text,
      deal_provider text,
      user_id int,
      attempts int NOT NULL DEFAULT 0,
      counted_at timestamptz,
      processed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    this.addSql(
      'CREATE UNIQUE INDEX emails_org_message_id ON emails (org_id, message_id) WHERE message_id IS NOT NULL',
    );
    this.addSql('CREATE INDEX emails_org_received ON emails (org_id, received_at DESC, id DESC)');
    this.addSql('CREATE INDEX emails_org_status ON emails (org_id, status)');
    this.addSql(
      'CREATE INDEX emails_org_counted ON emails (org_id, counted_at) WHERE counted_at IS NOT NULL',
    );
    this.addSql(`CREATE TABLE attachments (
      id serial PRIMARY KEY,
      email_id int NOT NULL REFERENCES emails (id) ON DELETE CASCADE,
      filename text NOT NULL,
      content_type text NOT NULL,
      size int NOT NULL,
      content_id text,
      inline boolean NOT NULL DEFAULT false,
      content bytea NOT NULL
    )`);
    this.addSql('CREATE INDEX attachments_email ON attachments (email_id)');
    this.addSql(`CREATE TABLE mailboxes (
      org_id int PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      host text,
      port int,
      secure boolean NOT NULL DEFAULT true,
      username text,
      password_enc text,
      folder text NOT NULL DEFAULT 'INBOX',
      auto_scan_minutes int NOT NULL DEFAULT 15,
      last_uid bigint NOT NULL DEFAULT 0,
      uid_validity bigint,
      last_scan_at timestamptz,
      last_error text,
      connected_at timestamptz
    )`);
    this.addSql(`CREATE TABLE accounting_settings (
      org_id int PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      connected boolean NOT NULL DEFAULT false,
      client_id text,
      client_secret_enc text,
      environment text NOT NULL DEFAULT 'sandbox',
      advanced_features boolean NOT NULL DEFAULT false,
      data_format text NOT NULL DEFAULT 'json',
      sync_frequency text NOT NULL DEFAULT 'daily',
      encryption boolean NOT NULL DEFAULT true,
      auto_sync boolean NOT NULL DEFAULT true,
      last_sync_at timestamptz
    )`);
  }
}
