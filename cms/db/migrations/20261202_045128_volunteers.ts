import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`volunteer_events\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`day\` text NOT NULL,
  	\`place\` text NOT NULL,
  	\`game_id\` text(36),
  	\`coordinator_id\` text(36),
  	\`status\` text DEFAULT 'draft' NOT NULL,
  	\`cancel_cutoff_hours\` numeric DEFAULT 24,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`game_id\`) REFERENCES \`games\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`coordinator_id\`) REFERENCES \`admin_users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`volunteer_events_day_idx\` ON \`volunteer_events\` (\`day\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_events_game_idx\` ON \`volunteer_events\` (\`game_id\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_events_coordinator_idx\` ON \`volunteer_events\` (\`coordinator_id\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_events_status_idx\` ON \`volunteer_events\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_events_updated_at_idx\` ON \`volunteer_events\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_events_created_at_idx\` ON \`volunteer_events\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`volunteer_shifts\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`event_id\` text(36) NOT NULL,
  	\`role\` text NOT NULL,
  	\`starts_at\` text NOT NULL,
  	\`startsat_tz\` text DEFAULT 'America/Chicago',
  	\`ends_at\` text NOT NULL,
  	\`endsat_tz\` text DEFAULT 'America/Chicago',
  	\`capacity\` numeric NOT NULL,
  	\`waitlist_size\` numeric DEFAULT 10,
  	\`hours\` numeric,
  	\`instructions\` text,
  	\`cancelled\` integer DEFAULT false,
  	\`closed_at\` text,
  	\`held\` numeric DEFAULT 0,
  	\`waiting\` numeric DEFAULT 0,
  	\`revision\` numeric DEFAULT 0,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`event_id\`) REFERENCES \`volunteer_events\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`volunteer_shifts_event_idx\` ON \`volunteer_shifts\` (\`event_id\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_shifts_starts_at_idx\` ON \`volunteer_shifts\` (\`starts_at\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_shifts_ends_at_idx\` ON \`volunteer_shifts\` (\`ends_at\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_shifts_updated_at_idx\` ON \`volunteer_shifts\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_shifts_created_at_idx\` ON \`volunteer_shifts\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`volunteer_signups\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`shift_id\` text(36) NOT NULL,
  	\`event_id\` text(36),
  	\`name\` text NOT NULL,
  	\`email\` text NOT NULL,
  	\`phone\` text,
  	\`household_id\` text(36),
  	\`status\` text NOT NULL,
  	\`status_note\` text,
  	\`hours_credited\` numeric,
  	\`confirmed_at\` text,
  	\`waitlisted_at\` text,
  	\`offer_expires_at\` text,
  	\`checked_in_at\` text,
  	\`cancelled_at\` text,
  	\`placements\` numeric DEFAULT 0,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`shift_id\`) REFERENCES \`volunteer_shifts\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`event_id\`) REFERENCES \`volunteer_events\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`household_id\`) REFERENCES \`households\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`volunteer_signups_shift_idx\` ON \`volunteer_signups\` (\`shift_id\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_signups_event_idx\` ON \`volunteer_signups\` (\`event_id\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_signups_email_idx\` ON \`volunteer_signups\` (\`email\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_signups_household_idx\` ON \`volunteer_signups\` (\`household_id\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_signups_status_idx\` ON \`volunteer_signups\` (\`status\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_signups_waitlisted_at_idx\` ON \`volunteer_signups\` (\`waitlisted_at\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_signups_offer_expires_at_idx\` ON \`volunteer_signups\` (\`offer_expires_at\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_signups_updated_at_idx\` ON \`volunteer_signups\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_signups_created_at_idx\` ON \`volunteer_signups\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`shift_email_idx\` ON \`volunteer_signups\` (\`shift_id\`,\`email\`);`)
  await db.run(sql`CREATE TABLE \`volunteer_excusals\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`household_id\` text(36) NOT NULL,
  	\`season_id\` text(36) NOT NULL,
  	\`hours\` numeric NOT NULL,
  	\`reason\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`household_id\`) REFERENCES \`households\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`season_id\`) REFERENCES \`seasons\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`volunteer_excusals_household_idx\` ON \`volunteer_excusals\` (\`household_id\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_excusals_season_idx\` ON \`volunteer_excusals\` (\`season_id\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_excusals_updated_at_idx\` ON \`volunteer_excusals\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_excusals_created_at_idx\` ON \`volunteer_excusals\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`volunteer_links\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`signup_id\` text(36) NOT NULL,
  	\`token_hash\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`signup_id\`) REFERENCES \`volunteer_signups\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`volunteer_links_signup_idx\` ON \`volunteer_links\` (\`signup_id\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`volunteer_links_token_hash_idx\` ON \`volunteer_links\` (\`token_hash\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_links_updated_at_idx\` ON \`volunteer_links\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`volunteer_links_created_at_idx\` ON \`volunteer_links\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`volunteer_settings\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`public_names\` text DEFAULT 'hidden' NOT NULL,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`volunteer_events_id\` text(36) REFERENCES volunteer_events(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`volunteer_shifts_id\` text(36) REFERENCES volunteer_shifts(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`volunteer_signups_id\` text(36) REFERENCES volunteer_signups(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`volunteer_excusals_id\` text(36) REFERENCES volunteer_excusals(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`volunteer_links_id\` text(36) REFERENCES volunteer_links(id);`)
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_volunteer_events_id_idx\` ON \`payload_locked_documents_rels\` (\`volunteer_events_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_volunteer_shifts_id_idx\` ON \`payload_locked_documents_rels\` (\`volunteer_shifts_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_volunteer_signups_id_idx\` ON \`payload_locked_documents_rels\` (\`volunteer_signups_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_volunteer_excusals_id_idx\` ON \`payload_locked_documents_rels\` (\`volunteer_excusals_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_volunteer_links_id_idx\` ON \`payload_locked_documents_rels\` (\`volunteer_links_id\`);`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`volunteer_events\`;`)
  await db.run(sql`DROP TABLE \`volunteer_shifts\`;`)
  await db.run(sql`DROP TABLE \`volunteer_signups\`;`)
  await db.run(sql`DROP TABLE \`volunteer_excusals\`;`)
  await db.run(sql`DROP TABLE \`volunteer_links\`;`)
  await db.run(sql`DROP TABLE \`volunteer_settings\`;`)
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
  	\`member_links_id\` text(36),
  	\`server_state_id\` text(36),
  	\`seasons_id\` text(36),
  	\`membership_levels_id\` text(36),
  	\`households_id\` text(36),
  	\`memberships_id\` text(36),
  	\`dues_id\` text(36),
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
  	FOREIGN KEY (\`member_links_id\`) REFERENCES \`member_links\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`server_state_id\`) REFERENCES \`server_state\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`seasons_id\`) REFERENCES \`seasons\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`membership_levels_id\`) REFERENCES \`membership_levels\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`households_id\`) REFERENCES \`households\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`memberships_id\`) REFERENCES \`memberships\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`dues_id\`) REFERENCES \`dues\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "admin_users_id", "users_id", "campaigns_id", "sponsorship_tiers_id", "donations_id", "sponsorships_id", "deposits_id", "contact_messages_id", "team_members_id", "games_id", "site_content_id", "sponsor_applications_id", "media_id", "pages_id", "stripe_events_id", "monthly_gifts_id", "payouts_id", "receipts_id", "statements_id", "email_outbox_id", "audit_log_id", "login_throttle_id", "member_links_id", "server_state_id", "seasons_id", "membership_levels_id", "households_id", "memberships_id", "dues_id") SELECT "id", "order", "parent_id", "path", "admin_users_id", "users_id", "campaigns_id", "sponsorship_tiers_id", "donations_id", "sponsorships_id", "deposits_id", "contact_messages_id", "team_members_id", "games_id", "site_content_id", "sponsor_applications_id", "media_id", "pages_id", "stripe_events_id", "monthly_gifts_id", "payouts_id", "receipts_id", "statements_id", "email_outbox_id", "audit_log_id", "login_throttle_id", "member_links_id", "server_state_id", "seasons_id", "membership_levels_id", "households_id", "memberships_id", "dues_id" FROM \`payload_locked_documents_rels\`;`,
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
    sql`CREATE INDEX \`payload_locked_documents_rels_member_links_id_idx\` ON \`payload_locked_documents_rels\` (\`member_links_id\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`payload_locked_documents_rels_server_state_id_idx\` ON \`payload_locked_documents_rels\` (\`server_state_id\`);`,
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
