import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`member_links\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`kind\` text NOT NULL,
  	\`token_hash\` text,
  	\`email\` text NOT NULL,
  	\`household\` text,
  	\`data\` text,
  	\`expires_at\` text,
  	\`used_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE INDEX \`member_links_kind_idx\` ON \`member_links\` (\`kind\`);`)
  await db.run(sql`CREATE INDEX \`member_links_token_hash_idx\` ON \`member_links\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`member_links_email_idx\` ON \`member_links\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`member_links_household_idx\` ON \`member_links\` (\`household\`);`)
  await db.run(sql`CREATE INDEX \`member_links_expires_at_idx\` ON \`member_links\` (\`expires_at\`);`)
  await db.run(sql`CREATE INDEX \`member_links_updated_at_idx\` ON \`member_links\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`member_links_created_at_idx\` ON \`member_links\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`seasons\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`label\` text NOT NULL,
  	\`starts_on\` text NOT NULL,
  	\`ends_on\` text NOT NULL,
  	\`renewal_opens_on\` text NOT NULL,
  	\`renewal_deadline\` text NOT NULL,
  	\`grace_days\` numeric DEFAULT 14,
  	\`refund_days\` numeric DEFAULT 7,
  	\`volunteer_hours_per_household\` numeric DEFAULT 0,
  	\`volunteer_hours_per_additional_athlete\` numeric DEFAULT 0,
  	\`notes\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`seasons_label_idx\` ON \`seasons\` (\`label\`);`)
  await db.run(sql`CREATE INDEX \`seasons_starts_on_idx\` ON \`seasons\` (\`starts_on\`);`)
  await db.run(sql`CREATE INDEX \`seasons_ends_on_idx\` ON \`seasons\` (\`ends_on\`);`)
  await db.run(sql`CREATE INDEX \`seasons_renewal_opens_on_idx\` ON \`seasons\` (\`renewal_opens_on\`);`)
  await db.run(sql`CREATE INDEX \`seasons_renewal_deadline_idx\` ON \`seasons\` (\`renewal_deadline\`);`)
  await db.run(sql`CREATE INDEX \`seasons_updated_at_idx\` ON \`seasons\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`seasons_created_at_idx\` ON \`seasons\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`membership_levels\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`season_id\` text(36) NOT NULL,
  	\`name\` text NOT NULL,
  	\`description\` text,
  	\`benefits\` text,
  	\`price\` text NOT NULL,
  	\`per_additional_athlete\` text DEFAULT '0.00',
  	\`household_cap\` text,
  	\`late_price\` text,
  	\`late_from\` text,
  	\`benefits_value\` text DEFAULT '0.00',
  	\`tax_treatment\` text DEFAULT 'contribution' NOT NULL,
  	\`on_offer\` integer DEFAULT true,
  	\`display_order\` numeric DEFAULT 0,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`season_id\`) REFERENCES \`seasons\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`membership_levels_season_idx\` ON \`membership_levels\` (\`season_id\`);`)
  await db.run(sql`CREATE INDEX \`membership_levels_updated_at_idx\` ON \`membership_levels\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`membership_levels_created_at_idx\` ON \`membership_levels\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`households_adults\` (
  	\`_order\` integer NOT NULL,
  	\`_parent_id\` text(36) NOT NULL,
  	\`id\` text PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`phone\` text,
  	\`receives_mail\` integer DEFAULT true,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`households\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`households_adults_order_idx\` ON \`households_adults\` (\`_order\`);`)
  await db.run(sql`CREATE INDEX \`households_adults_parent_id_idx\` ON \`households_adults\` (\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`households\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`primary_email\` text,
  	\`address\` text,
  	\`directory_listed\` integer DEFAULT false,
  	\`directory_show_adults\` integer DEFAULT false,
  	\`directory_show_emails\` integer DEFAULT false,
  	\`directory_show_phones\` integer DEFAULT false,
  	\`notes\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`households_primary_email_idx\` ON \`households\` (\`primary_email\`);`)
  await db.run(sql`CREATE INDEX \`households_updated_at_idx\` ON \`households\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`households_created_at_idx\` ON \`households\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`households_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` text(36) NOT NULL,
  	\`path\` text NOT NULL,
  	\`team_members_id\` text(36),
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`households\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`team_members_id\`) REFERENCES \`team_members\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE INDEX \`households_rels_order_idx\` ON \`households_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`households_rels_parent_idx\` ON \`households_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`households_rels_path_idx\` ON \`households_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`households_rels_team_members_id_idx\` ON \`households_rels\` (\`team_members_id\`);`)
  await db.run(sql`CREATE TABLE \`memberships\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`household_id\` text(36),
  	\`season_id\` text(36),
  	\`level_id\` text(36) NOT NULL,
  	\`status\` text DEFAULT 'pending' NOT NULL,
  	\`athletes\` numeric DEFAULT 1,
  	\`amount\` text,
  	\`payment_method\` text,
  	\`paid_on\` text,
  	\`comp_reason\` text,
  	\`dues_id\` text(36),
  	\`checkout_session_id\` text,
  	\`checkout_url\` text,
  	\`checkout_expires_at\` text,
  	\`checkout_attempt\` numeric,
  	\`key\` text,
  	\`history\` text,
  	\`notes\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`household_id\`) REFERENCES \`households\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`season_id\`) REFERENCES \`seasons\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`level_id\`) REFERENCES \`membership_levels\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`dues_id\`) REFERENCES \`dues\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`memberships_household_idx\` ON \`memberships\` (\`household_id\`);`)
  await db.run(sql`CREATE INDEX \`memberships_season_idx\` ON \`memberships\` (\`season_id\`);`)
  await db.run(sql`CREATE INDEX \`memberships_level_idx\` ON \`memberships\` (\`level_id\`);`)
  await db.run(sql`CREATE INDEX \`memberships_status_idx\` ON \`memberships\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`memberships_dues_idx\` ON \`memberships\` (\`dues_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`memberships_key_idx\` ON \`memberships\` (\`key\`);`)
  await db.run(sql`CREATE INDEX \`memberships_updated_at_idx\` ON \`memberships\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`memberships_created_at_idx\` ON \`memberships\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`dues\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`membership_id\` text(36) NOT NULL,
  	\`season_id\` text(36),
  	\`payer_name\` text,
  	\`payer_email\` text,
  	\`amount\` text NOT NULL,
  	\`what\` text,
  	\`tax_treatment\` text,
  	\`goods_value\` text,
  	\`benefits\` text,
  	\`payment_method\` text DEFAULT 'stripe' NOT NULL,
  	\`stripe_payment_intent_id\` text,
  	\`stripe_checkout_session_id\` text,
  	\`stripe_fee\` text,
  	\`stripe_net\` text,
  	\`stripe_balance_transaction_id\` text,
  	\`stripe_payout_id\` text,
  	\`stripe_event_at\` text,
  	\`status\` text DEFAULT 'pending' NOT NULL,
  	\`refunded_amount\` text,
  	\`reference\` text,
  	\`received_at\` text,
  	\`paid_at\` text,
  	\`notes\` text,
  	\`void_reason\` text,
  	\`void_category\` text,
  	\`refunded_on\` text,
  	\`voided_on\` text,
  	\`refunds\` text,
  	\`receipt_number\` text,
  	\`history\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`membership_id\`) REFERENCES \`memberships\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`season_id\`) REFERENCES \`seasons\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`dues_membership_idx\` ON \`dues\` (\`membership_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_season_idx\` ON \`dues\` (\`season_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_payer_email_idx\` ON \`dues\` (\`payer_email\`);`)
  await db.run(sql`CREATE INDEX \`dues_stripe_payment_intent_id_idx\` ON \`dues\` (\`stripe_payment_intent_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`dues_stripe_checkout_session_id_idx\` ON \`dues\` (\`stripe_checkout_session_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_stripe_balance_transaction_id_idx\` ON \`dues\` (\`stripe_balance_transaction_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_stripe_payout_id_idx\` ON \`dues\` (\`stripe_payout_id\`);`)
  await db.run(sql`CREATE INDEX \`dues_status_idx\` ON \`dues\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`dues_updated_at_idx\` ON \`dues\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`dues_created_at_idx\` ON \`dues\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`membership_settings\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`directory\` integer DEFAULT false,
  	\`pay_in_person\` text,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`deposits_rels\` ADD \`dues_id\` text(36) REFERENCES dues(id);`)
  await db.run(sql`CREATE INDEX \`deposits_rels_dues_id_idx\` ON \`deposits_rels\` (\`dues_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`member_links_id\` text(36) REFERENCES member_links(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`seasons_id\` text(36) REFERENCES seasons(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`membership_levels_id\` text(36) REFERENCES membership_levels(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`households_id\` text(36) REFERENCES households(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`memberships_id\` text(36) REFERENCES memberships(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`dues_id\` text(36) REFERENCES dues(id);`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_member_links_id_idx\` ON \`payload_locked_documents_rels\` (\`member_links_id\`);`,
  )
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_seasons_id_idx\` ON \`payload_locked_documents_rels\` (\`seasons_id\`);`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_membership_levels_id_idx\` ON \`payload_locked_documents_rels\` (\`membership_levels_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_households_id_idx\` ON \`payload_locked_documents_rels\` (\`households_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_memberships_id_idx\` ON \`payload_locked_documents_rels\` (\`memberships_id\`);`,
  )
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_dues_id_idx\` ON \`payload_locked_documents_rels\` (\`dues_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`member_links\`;`)
  await db.run(sql`DROP TABLE \`seasons\`;`)
  await db.run(sql`DROP TABLE \`membership_levels\`;`)
  await db.run(sql`DROP TABLE \`households_adults\`;`)
  await db.run(sql`DROP TABLE \`households\`;`)
  await db.run(sql`DROP TABLE \`households_rels\`;`)
  await db.run(sql`DROP TABLE \`memberships\`;`)
  await db.run(sql`DROP TABLE \`dues\`;`)
  await db.run(sql`DROP TABLE \`membership_settings\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_deposits_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` text(36) NOT NULL,
  	\`path\` text NOT NULL,
  	\`donations_id\` text(36),
  	\`sponsorships_id\` text(36),
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`deposits\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`donations_id\`) REFERENCES \`donations\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`sponsorships_id\`) REFERENCES \`sponsorships\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_deposits_rels\`("id", "order", "parent_id", "path", "donations_id", "sponsorships_id") SELECT "id", "order", "parent_id", "path", "donations_id", "sponsorships_id" FROM \`deposits_rels\`;`,
  )
  await db.run(sql`DROP TABLE \`deposits_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_deposits_rels\` RENAME TO \`deposits_rels\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`deposits_rels_order_idx\` ON \`deposits_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`deposits_rels_parent_idx\` ON \`deposits_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`deposits_rels_path_idx\` ON \`deposits_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`deposits_rels_donations_id_idx\` ON \`deposits_rels\` (\`donations_id\`);`)
  await db.run(sql`CREATE INDEX \`deposits_rels_sponsorships_id_idx\` ON \`deposits_rels\` (\`sponsorships_id\`);`)
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
  	\`deposits_id\` text(36),
  	\`contact_messages_id\` text(36),
  	\`team_members_id\` text(36),
  	\`games_id\` text(36),
  	\`site_content_id\` text(36),
  	\`sponsor_applications_id\` text(36),
  	\`media_id\` text(36),
  	\`pages_id\` text(36),
  	\`stripe_events_id\` text(36),
  	\`monthly_gifts_id\` text(36),
  	\`payouts_id\` text(36),
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
  	FOREIGN KEY (\`deposits_id\`) REFERENCES \`deposits\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`contact_messages_id\`) REFERENCES \`contact_messages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`team_members_id\`) REFERENCES \`team_members\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`games_id\`) REFERENCES \`games\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`site_content_id\`) REFERENCES \`site_content\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`sponsor_applications_id\`) REFERENCES \`sponsor_applications\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`pages_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`stripe_events_id\`) REFERENCES \`stripe_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`monthly_gifts_id\`) REFERENCES \`monthly_gifts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`payouts_id\`) REFERENCES \`payouts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`receipts_id\`) REFERENCES \`receipts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`statements_id\`) REFERENCES \`statements\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_outbox_id\`) REFERENCES \`email_outbox\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`audit_log_id\`) REFERENCES \`audit_log\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`login_throttle_id\`) REFERENCES \`login_throttle\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`server_state_id\`) REFERENCES \`server_state\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "admin_users_id", "users_id", "campaigns_id", "sponsorship_tiers_id", "donations_id", "sponsorships_id", "deposits_id", "contact_messages_id", "team_members_id", "games_id", "site_content_id", "sponsor_applications_id", "media_id", "pages_id", "stripe_events_id", "monthly_gifts_id", "payouts_id", "receipts_id", "statements_id", "email_outbox_id", "audit_log_id", "login_throttle_id", "server_state_id") SELECT "id", "order", "parent_id", "path", "admin_users_id", "users_id", "campaigns_id", "sponsorship_tiers_id", "donations_id", "sponsorships_id", "deposits_id", "contact_messages_id", "team_members_id", "games_id", "site_content_id", "sponsor_applications_id", "media_id", "pages_id", "stripe_events_id", "monthly_gifts_id", "payouts_id", "receipts_id", "statements_id", "email_outbox_id", "audit_log_id", "login_throttle_id", "server_state_id" FROM \`payload_locked_documents_rels\`;`,
  )
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_deposits_id_idx\` ON \`payload_locked_documents_rels\` (\`deposits_id\`);`)
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
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_payouts_id_idx\` ON \`payload_locked_documents_rels\` (\`payouts_id\`);`)
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
}
