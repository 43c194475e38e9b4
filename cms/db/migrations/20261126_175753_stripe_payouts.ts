import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`payouts\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`payout_id\` text NOT NULL,
  	\`status\` text NOT NULL,
  	\`amount\` text NOT NULL,
  	\`arrival_day\` text NOT NULL,
  	\`arrival_at\` text NOT NULL,
  	\`created_day\` text,
  	\`failure_message\` text,
  	\`failed_at\` text,
  	\`lines\` text,
  	\`lines_read\` integer DEFAULT false,
  	\`stripe_event_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`payouts_payout_id_idx\` ON \`payouts\` (\`payout_id\`);`)
  await db.run(sql`CREATE INDEX \`payouts_status_idx\` ON \`payouts\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`payouts_arrival_day_idx\` ON \`payouts\` (\`arrival_day\`);`)
  await db.run(sql`CREATE INDEX \`payouts_updated_at_idx\` ON \`payouts\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`payouts_created_at_idx\` ON \`payouts\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`stripe_fee\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`stripe_net\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`stripe_balance_transaction_id\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`stripe_payout_id\` text;`)
  await db.run(sql`CREATE INDEX \`donations_stripe_balance_transaction_id_idx\` ON \`donations\` (\`stripe_balance_transaction_id\`);`)
  await db.run(sql`CREATE INDEX \`donations_stripe_payout_id_idx\` ON \`donations\` (\`stripe_payout_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`payouts_id\` text(36) REFERENCES payouts(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payouts_id_idx\` ON \`payload_locked_documents_rels\` (\`payouts_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`payouts\`;`)
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
  	\`media_id\` text(36),
  	\`pages_id\` text(36),
  	\`stripe_events_id\` text(36),
  	\`monthly_gifts_id\` text(36),
  	\`receipts_id\` text(36),
  	\`statements_id\` text(36),
  	\`email_outbox_id\` text(36),
  	\`audit_log_id\` text(36),
  	\`login_throttle_id\` text(36),
  	\`server_state_id\` text(36),
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
  	FOREIGN KEY (\`sponsor_applications_id\`) REFERENCES \`sponsor_applications\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`pages_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`stripe_events_id\`) REFERENCES \`stripe_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`monthly_gifts_id\`) REFERENCES \`monthly_gifts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`receipts_id\`) REFERENCES \`receipts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`statements_id\`) REFERENCES \`statements\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_outbox_id\`) REFERENCES \`email_outbox\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`audit_log_id\`) REFERENCES \`audit_log\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`login_throttle_id\`) REFERENCES \`login_throttle\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`server_state_id\`) REFERENCES \`server_state\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "admin_users_id", "users_id", "campaigns_id", "sponsorship_tiers_id", "donations_id", "sponsorships_id", "contact_messages_id", "team_members_id", "games_id", "site_content_id", "sponsor_applications_id", "media_id", "pages_id", "stripe_events_id", "monthly_gifts_id", "receipts_id", "statements_id", "email_outbox_id", "audit_log_id", "login_throttle_id", "server_state_id") SELECT "id", "order", "parent_id", "path", "admin_users_id", "users_id", "campaigns_id", "sponsorship_tiers_id", "donations_id", "sponsorships_id", "contact_messages_id", "team_members_id", "games_id", "site_content_id", "sponsor_applications_id", "media_id", "pages_id", "stripe_events_id", "monthly_gifts_id", "receipts_id", "statements_id", "email_outbox_id", "audit_log_id", "login_throttle_id", "server_state_id" FROM \`payload_locked_documents_rels\`;`,
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_pages_id_idx\` ON \`payload_locked_documents_rels\` (\`pages_id\`);`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_stripe_events_id_idx\` ON \`payload_locked_documents_rels\` (\`stripe_events_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_monthly_gifts_id_idx\` ON \`payload_locked_documents_rels\` (\`monthly_gifts_id\`);`,
  )
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_receipts_id_idx\` ON \`payload_locked_documents_rels\` (\`receipts_id\`);`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_statements_id_idx\` ON \`payload_locked_documents_rels\` (\`statements_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_email_outbox_id_idx\` ON \`payload_locked_documents_rels\` (\`email_outbox_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_audit_log_id_idx\` ON \`payload_locked_documents_rels\` (\`audit_log_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_login_throttle_id_idx\` ON \`payload_locked_documents_rels\` (\`login_throttle_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_server_state_id_idx\` ON \`payload_locked_documents_rels\` (\`server_state_id\`);`,
  )
  await db.run(sql`DROP INDEX \`donations_stripe_balance_transaction_id_idx\`;`)
  await db.run(sql`DROP INDEX \`donations_stripe_payout_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`stripe_fee\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`stripe_net\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`stripe_balance_transaction_id\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`stripe_payout_id\`;`)
}
