import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`media\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`alt\` text NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`url\` text,
  	\`thumbnail_u_r_l\` text,
  	\`filename\` text,
  	\`mime_type\` text,
  	\`filesize\` numeric,
  	\`width\` numeric,
  	\`height\` numeric,
  	\`focal_x\` numeric,
  	\`focal_y\` numeric,
  	\`sizes_card_url\` text,
  	\`sizes_card_width\` numeric,
  	\`sizes_card_height\` numeric,
  	\`sizes_card_mime_type\` text,
  	\`sizes_card_filesize\` numeric,
  	\`sizes_card_filename\` text,
  	\`sizes_thumbnail_url\` text,
  	\`sizes_thumbnail_width\` numeric,
  	\`sizes_thumbnail_height\` numeric,
  	\`sizes_thumbnail_mime_type\` text,
  	\`sizes_thumbnail_filesize\` numeric,
  	\`sizes_thumbnail_filename\` text,
  	\`sizes_logo_url\` text,
  	\`sizes_logo_width\` numeric,
  	\`sizes_logo_height\` numeric,
  	\`sizes_logo_mime_type\` text,
  	\`sizes_logo_filesize\` numeric,
  	\`sizes_logo_filename\` text
  );
  `)
  await db.run(sql`CREATE INDEX \`media_updated_at_idx\` ON \`media\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`media_created_at_idx\` ON \`media\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`media_filename_idx\` ON \`media\` (\`filename\`);`)
  await db.run(sql`CREATE INDEX \`media_sizes_card_sizes_card_filename_idx\` ON \`media\` (\`sizes_card_filename\`);`)
  await db.run(sql`CREATE INDEX \`media_sizes_thumbnail_sizes_thumbnail_filename_idx\` ON \`media\` (\`sizes_thumbnail_filename\`);`)
  await db.run(sql`CREATE INDEX \`media_sizes_logo_sizes_logo_filename_idx\` ON \`media\` (\`sizes_logo_filename\`);`)
  await db.run(sql`CREATE TABLE \`pages\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`slug\` text NOT NULL,
  	\`body\` text,
  	\`published\` integer DEFAULT false,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`pages_slug_idx\` ON \`pages\` (\`slug\`);`)
  await db.run(sql`CREATE INDEX \`pages_published_idx\` ON \`pages\` (\`published\`);`)
  await db.run(sql`CREATE INDEX \`pages_updated_at_idx\` ON \`pages\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`pages_created_at_idx\` ON \`pages\` (\`created_at\`);`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_admin_users\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`role\` text DEFAULT 'editor' NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`email\` text,
  	\`username\` text NOT NULL,
  	\`reset_password_token\` text,
  	\`reset_password_expiration\` text,
  	\`salt\` text,
  	\`hash\` text
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_admin_users\`("id", "role", "updated_at", "created_at", "email", "username", "reset_password_token", "reset_password_expiration", "salt", "hash") SELECT "id", "role", "updated_at", "created_at", "email", "username", "reset_password_token", "reset_password_expiration", "salt", "hash" FROM \`admin_users\`;`,
  )
  await db.run(sql`DROP TABLE \`admin_users\`;`)
  await db.run(sql`ALTER TABLE \`__new_admin_users\` RENAME TO \`admin_users\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`admin_users_updated_at_idx\` ON \`admin_users\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`admin_users_created_at_idx\` ON \`admin_users\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`admin_users_username_idx\` ON \`admin_users\` (\`username\`);`)
  await db.run(sql`ALTER TABLE \`campaigns\` ADD \`image_id\` text(36) REFERENCES media(id);`)
  await db.run(sql`CREATE INDEX \`campaigns_image_idx\` ON \`campaigns\` (\`image_id\`);`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`logo_id\` text(36) REFERENCES media(id);`)
  await db.run(sql`CREATE INDEX \`sponsorships_logo_idx\` ON \`sponsorships\` (\`logo_id\`);`)
  await db.run(sql`ALTER TABLE \`team_members\` ADD \`image_id\` text(36) REFERENCES media(id);`)
  await db.run(sql`CREATE INDEX \`team_members_image_idx\` ON \`team_members\` (\`image_id\`);`)
  await db.run(sql`ALTER TABLE \`site_content\` ADD \`image_id\` text(36) REFERENCES media(id);`)
  await db.run(sql`CREATE INDEX \`site_content_image_idx\` ON \`site_content\` (\`image_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`media_id\` text(36) REFERENCES media(id);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`pages_id\` text(36) REFERENCES pages(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_pages_id_idx\` ON \`payload_locked_documents_rels\` (\`pages_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`media\`;`)
  await db.run(sql`DROP TABLE \`pages\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_campaigns\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`description\` text NOT NULL,
  	\`goal_amount\` text NOT NULL,
  	\`current_amount\` text DEFAULT '0.00' NOT NULL,
  	\`image_url\` text,
  	\`is_active\` text DEFAULT 'true' NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_campaigns\`("id", "name", "description", "goal_amount", "current_amount", "image_url", "is_active", "updated_at", "created_at") SELECT "id", "name", "description", "goal_amount", "current_amount", "image_url", "is_active", "updated_at", "created_at" FROM \`campaigns\`;`,
  )
  await db.run(sql`DROP TABLE \`campaigns\`;`)
  await db.run(sql`ALTER TABLE \`__new_campaigns\` RENAME TO \`campaigns\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE INDEX \`campaigns_updated_at_idx\` ON \`campaigns\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`campaigns_created_at_idx\` ON \`campaigns\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_sponsorships\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`sponsor_name\` text NOT NULL,
  	\`sponsor_email\` text NOT NULL,
  	\`sponsor_company\` text,
  	\`tier\` text NOT NULL,
  	\`amount\` text NOT NULL,
  	\`stripe_payment_intent_id\` text,
  	\`status\` text DEFAULT 'pending' NOT NULL,
  	\`benefits\` text,
  	\`payment_method\` text,
  	\`application_id\` text,
  	\`website\` text,
  	\`logo_url\` text,
  	\`expires_at\` text,
  	\`refunded_amount\` text,
  	\`reference\` text,
  	\`received_at\` text,
  	\`notes\` text,
  	\`void_reason\` text,
  	\`receipt_number\` text,
  	\`history\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_sponsorships\`("id", "sponsor_name", "sponsor_email", "sponsor_company", "tier", "amount", "stripe_payment_intent_id", "status", "benefits", "payment_method", "application_id", "website", "logo_url", "expires_at", "refunded_amount", "reference", "received_at", "notes", "void_reason", "receipt_number", "history", "updated_at", "created_at") SELECT "id", "sponsor_name", "sponsor_email", "sponsor_company", "tier", "amount", "stripe_payment_intent_id", "status", "benefits", "payment_method", "application_id", "website", "logo_url", "expires_at", "refunded_amount", "reference", "received_at", "notes", "void_reason", "receipt_number", "history", "updated_at", "created_at" FROM \`sponsorships\`;`,
  )
  await db.run(sql`DROP TABLE \`sponsorships\`;`)
  await db.run(sql`ALTER TABLE \`__new_sponsorships\` RENAME TO \`sponsorships\`;`)
  await db.run(sql`CREATE INDEX \`sponsorships_status_idx\` ON \`sponsorships\` (\`status\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`sponsorships_application_id_idx\` ON \`sponsorships\` (\`application_id\`);`)
  await db.run(sql`CREATE INDEX \`sponsorships_updated_at_idx\` ON \`sponsorships\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`sponsorships_created_at_idx\` ON \`sponsorships\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_team_members\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`name\` text NOT NULL,
  	\`number\` numeric NOT NULL,
  	\`position\` text NOT NULL,
  	\`grade\` text NOT NULL,
  	\`height\` text,
  	\`image_url\` text,
  	\`bio\` text,
  	\`is_active\` text DEFAULT 'true',
  	\`display_order\` numeric DEFAULT 0,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_team_members\`("id", "name", "number", "position", "grade", "height", "image_url", "bio", "is_active", "display_order", "updated_at", "created_at") SELECT "id", "name", "number", "position", "grade", "height", "image_url", "bio", "is_active", "display_order", "updated_at", "created_at" FROM \`team_members\`;`,
  )
  await db.run(sql`DROP TABLE \`team_members\`;`)
  await db.run(sql`ALTER TABLE \`__new_team_members\` RENAME TO \`team_members\`;`)
  await db.run(sql`CREATE INDEX \`team_members_updated_at_idx\` ON \`team_members\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`team_members_created_at_idx\` ON \`team_members\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_site_content\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`section\` text NOT NULL,
  	\`key\` text NOT NULL,
  	\`value\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_site_content\`("id", "section", "key", "value", "updated_at", "created_at") SELECT "id", "section", "key", "value", "updated_at", "created_at" FROM \`site_content\`;`,
  )
  await db.run(sql`DROP TABLE \`site_content\`;`)
  await db.run(sql`ALTER TABLE \`__new_site_content\` RENAME TO \`site_content\`;`)
  await db.run(sql`CREATE INDEX \`site_content_updated_at_idx\` ON \`site_content\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`site_content_created_at_idx\` ON \`site_content\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`section_key_idx\` ON \`site_content\` (\`section\`,\`key\`);`)
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
  	\`stripe_events_id\` text(36),
  	\`receipts_id\` text(36),
  	\`email_outbox_id\` text(36),
  	\`audit_log_id\` text(36),
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
  	FOREIGN KEY (\`stripe_events_id\`) REFERENCES \`stripe_events\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`receipts_id\`) REFERENCES \`receipts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`email_outbox_id\`) REFERENCES \`email_outbox\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`audit_log_id\`) REFERENCES \`audit_log\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "admin_users_id", "users_id", "campaigns_id", "sponsorship_tiers_id", "donations_id", "sponsorships_id", "contact_messages_id", "team_members_id", "games_id", "site_content_id", "sponsor_applications_id", "stripe_events_id", "receipts_id", "email_outbox_id", "audit_log_id") SELECT "id", "order", "parent_id", "path", "admin_users_id", "users_id", "campaigns_id", "sponsorship_tiers_id", "donations_id", "sponsorships_id", "contact_messages_id", "team_members_id", "games_id", "site_content_id", "sponsor_applications_id", "stripe_events_id", "receipts_id", "email_outbox_id", "audit_log_id" FROM \`payload_locked_documents_rels\`;`,
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
  await db.run(sql`CREATE TABLE \`__new_admin_users\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`role\` text DEFAULT 'admin' NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`email\` text,
  	\`username\` text NOT NULL,
  	\`reset_password_token\` text,
  	\`reset_password_expiration\` text,
  	\`salt\` text,
  	\`hash\` text
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_admin_users\`("id", "role", "updated_at", "created_at", "email", "username", "reset_password_token", "reset_password_expiration", "salt", "hash") SELECT "id", "role", "updated_at", "created_at", "email", "username", "reset_password_token", "reset_password_expiration", "salt", "hash" FROM \`admin_users\`;`,
  )
  await db.run(sql`DROP TABLE \`admin_users\`;`)
  await db.run(sql`ALTER TABLE \`__new_admin_users\` RENAME TO \`admin_users\`;`)
  await db.run(sql`CREATE INDEX \`admin_users_updated_at_idx\` ON \`admin_users\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`admin_users_created_at_idx\` ON \`admin_users\` (\`created_at\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`admin_users_username_idx\` ON \`admin_users\` (\`username\`);`)
}
