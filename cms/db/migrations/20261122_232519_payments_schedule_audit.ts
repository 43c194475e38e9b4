import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`stripe_events\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`event_id\` text NOT NULL,
  	\`type\` text NOT NULL,
  	\`object_id\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`stripe_events_event_id_idx\` ON \`stripe_events\` (\`event_id\`);`)
  await db.run(sql`CREATE INDEX \`stripe_events_updated_at_idx\` ON \`stripe_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`stripe_events_created_at_idx\` ON \`stripe_events\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`receipts\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`number\` text NOT NULL,
  	\`year\` numeric NOT NULL,
  	\`seq\` numeric NOT NULL,
  	\`record_id\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`receipts_number_idx\` ON \`receipts\` (\`number\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`receipts_record_id_idx\` ON \`receipts\` (\`record_id\`);`)
  await db.run(sql`CREATE INDEX \`receipts_updated_at_idx\` ON \`receipts\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`receipts_created_at_idx\` ON \`receipts\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`year_seq_idx\` ON \`receipts\` (\`year\`,\`seq\`);`)
  await db.run(sql`CREATE TABLE \`email_outbox\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`key\` text NOT NULL,
  	\`kind\` text NOT NULL,
  	\`record_id\` text NOT NULL,
  	\`status\` text DEFAULT 'pending' NOT NULL,
  	\`to\` text,
  	\`subject\` text,
  	\`attempts\` numeric DEFAULT 0,
  	\`next_attempt_at\` text,
  	\`last_error\` text,
  	\`sent_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`email_outbox_key_idx\` ON \`email_outbox\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`email_outbox_status_idx\` ON \`email_outbox\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`email_outbox_next_attempt_at_idx\` ON \`email_outbox\` (\`next_attempt_at\`);`)
  await db.run(sql`CREATE INDEX \`email_outbox_updated_at_idx\` ON \`email_outbox\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`email_outbox_created_at_idx\` ON \`email_outbox\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`audit_log\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`event\` text NOT NULL,
  	\`actor\` text,
  	\`ip\` text,
  	\`target_collection\` text,
  	\`target_id\` text,
  	\`changed_fields\` text,
  	\`detail\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`audit_log_event_idx\` ON \`audit_log\` (\`event\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_updated_at_idx\` ON \`audit_log\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`audit_log_created_at_idx\` ON \`audit_log\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`sponsorship_tiers\` ADD \`level\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorship_tiers\` ADD \`goods_value\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`stripe_checkout_session_id\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`refunded_amount\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`reference\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`received_at\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`notes\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`void_reason\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`receipt_number\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`history\` text;`)
  await db.run(sql`CREATE INDEX \`donations_stripe_payment_intent_id_idx\` ON \`donations\` (\`stripe_payment_intent_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`donations_stripe_checkout_session_id_idx\` ON \`donations\` (\`stripe_checkout_session_id\`);`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`payment_method\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`application_id\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`website\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`logo_url\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`expires_at\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`refunded_amount\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`reference\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`received_at\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`notes\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`void_reason\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`receipt_number\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`history\` text;`)
  await db.run(sql`CREATE UNIQUE INDEX \`sponsorships_application_id_idx\` ON \`sponsorships\` (\`application_id\`);`)
  await db.run(sql`ALTER TABLE \`games\` ADD \`note\` text;`)
  await db.run(sql`ALTER TABLE \`games\` ADD \`cancelled\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`stripe_events_id\` text(36) REFERENCES stripe_events(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`receipts_id\` text(36) REFERENCES receipts(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`email_outbox_id\` text(36) REFERENCES email_outbox(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`audit_log_id\` text(36) REFERENCES audit_log(id);`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_stripe_events_id_idx\` ON \`payload_locked_documents_rels\` (\`stripe_events_id\`);`,
  )
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_receipts_id_idx\` ON \`payload_locked_documents_rels\` (\`receipts_id\`);`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_email_outbox_id_idx\` ON \`payload_locked_documents_rels\` (\`email_outbox_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_audit_log_id_idx\` ON \`payload_locked_documents_rels\` (\`audit_log_id\`);`,
  )
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`reset_password_requested_at\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`login_attempts\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`lock_until\`;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`stripe_events\`;`)
  await db.run(sql`DROP TABLE \`receipts\`;`)
  await db.run(sql`DROP TABLE \`email_outbox\`;`)
  await db.run(sql`DROP TABLE \`audit_log\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` text(36) NOT NULL,
  	\`path\` text NOT NULL,
  	\`admin_users_id\` text(36),
  	\`users_id\` text(36),
  	\`campaigns_id\` text(36),
  	\`sponsorship_tiers_id\` text(36),
  	\`donations_id\` text(36),
  	\`sponsorships_id\` text(36),
  	\`contact_messages_id\` text(36),
  	\`team_members_id\` text(36),
  	\`games_id\` text(36),
  	\`site_content_id\` text(36),
  	\`sponsor_applications_id\` text(36),
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`admin_users_id\`) REFERENCES \`admin_users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`campaigns_id\`) REFERENCES \`campaigns\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`sponsorship_tiers_id\`) REFERENCES \`sponsorship_tiers\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`donations_id\`) REFERENCES \`donations\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`sponsorships_id\`) REFERENCES \`sponsorships\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`contact_messages_id\`) REFERENCES \`contact_messages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`team_members_id\`) REFERENCES \`team_members\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`games_id\`) REFERENCES \`games\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`site_content_id\`) REFERENCES \`site_content\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`sponsor_applications_id\`) REFERENCES \`sponsor_applications\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "admin_users_id", "users_id", "campaigns_id", "sponsorship_tiers_id", "donations_id", "sponsorships_id", "contact_messages_id", "team_members_id", "games_id", "site_content_id", "sponsor_applications_id") SELECT "id", "order", "parent_id", "path", "admin_users_id", "users_id", "campaigns_id", "sponsorship_tiers_id", "donations_id", "sponsorships_id", "contact_messages_id", "team_members_id", "games_id", "site_content_id", "sponsor_applications_id" FROM \`payload_locked_documents_rels\`;`,
  )
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_admin_users_id_idx\` ON \`payload_locked_documents_rels\` (\`admin_users_id\`);`,
  )
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_campaigns_id_idx\` ON \`payload_locked_documents_rels\` (\`campaigns_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_sponsorship_tiers_id_idx\` ON \`payload_locked_documents_rels\` (\`sponsorship_tiers_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_donations_id_idx\` ON \`payload_locked_documents_rels\` (\`donations_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_sponsorships_id_idx\` ON \`payload_locked_documents_rels\` (\`sponsorships_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_contact_messages_id_idx\` ON \`payload_locked_documents_rels\` (\`contact_messages_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_team_members_id_idx\` ON \`payload_locked_documents_rels\` (\`team_members_id\`);`,
  )
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_games_id_idx\` ON \`payload_locked_documents_rels\` (\`games_id\`);`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_site_content_id_idx\` ON \`payload_locked_documents_rels\` (\`site_content_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_sponsor_applications_id_idx\` ON \`payload_locked_documents_rels\` (\`sponsor_applications_id\`);`,
  )
  await db.run(sql`DROP INDEX \`donations_stripe_payment_intent_id_idx\`;`)
  await db.run(sql`DROP INDEX \`donations_stripe_checkout_session_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`stripe_checkout_session_id\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`refunded_amount\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`reference\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`received_at\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`notes\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`void_reason\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`receipt_number\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`history\`;`)
  await db.run(sql`DROP INDEX \`sponsorships_application_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`payment_method\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`application_id\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`website\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`logo_url\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`expires_at\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`refunded_amount\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`reference\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`received_at\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`notes\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`void_reason\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`receipt_number\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`history\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`reset_password_requested_at\` text;`)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`login_attempts\` numeric DEFAULT 0;`)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`lock_until\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorship_tiers\` DROP COLUMN \`level\`;`)
  await db.run(sql`ALTER TABLE \`sponsorship_tiers\` DROP COLUMN \`goods_value\`;`)
  await db.run(sql`ALTER TABLE \`games\` DROP COLUMN \`note\`;`)
  await db.run(sql`ALTER TABLE \`games\` DROP COLUMN \`cancelled\`;`)
}
