import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`_team_members_v\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`parent_id\` text(36),
  	\`version_name\` text NOT NULL,
  	\`version_number\` numeric NOT NULL,
  	\`version_position\` text NOT NULL,
  	\`version_grade\` text NOT NULL,
  	\`version_height\` text,
  	\`version_image_id\` text(36),
  	\`version_image_url\` text,
  	\`version_show_photo\` integer,
  	\`version_show_full_name\` integer,
  	\`version_bio\` text,
  	\`version_is_active\` text DEFAULT 'true',
  	\`version_display_order\` numeric DEFAULT 0,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`team_members\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_team_members_v_parent_idx\` ON \`_team_members_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_team_members_v_version_version_image_idx\` ON \`_team_members_v\` (\`version_image_id\`);`)
  await db.run(sql`CREATE INDEX \`_team_members_v_version_version_updated_at_idx\` ON \`_team_members_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_team_members_v_version_version_created_at_idx\` ON \`_team_members_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_team_members_v_created_at_idx\` ON \`_team_members_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_team_members_v_updated_at_idx\` ON \`_team_members_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`_games_v\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`parent_id\` text(36),
  	\`version_opponent\` text NOT NULL,
  	\`version_game_date\` text NOT NULL,
  	\`version_game_time\` text NOT NULL,
  	\`version_location\` text NOT NULL,
  	\`version_is_home\` integer DEFAULT true,
  	\`version_our_score\` numeric,
  	\`version_opponent_score\` numeric,
  	\`version_note\` text,
  	\`version_cancelled\` integer DEFAULT false,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`games\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_games_v_parent_idx\` ON \`_games_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_games_v_version_version_game_date_idx\` ON \`_games_v\` (\`version_game_date\`);`)
  await db.run(sql`CREATE INDEX \`_games_v_version_version_updated_at_idx\` ON \`_games_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_games_v_version_version_created_at_idx\` ON \`_games_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_games_v_created_at_idx\` ON \`_games_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_games_v_updated_at_idx\` ON \`_games_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`_site_content_v\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`parent_id\` text(36),
  	\`version_label\` text,
  	\`version_section\` text NOT NULL,
  	\`version_key\` text NOT NULL,
  	\`version_value\` text,
  	\`version_image_id\` text(36),
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`site_content\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_site_content_v_parent_idx\` ON \`_site_content_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_site_content_v_version_version_image_idx\` ON \`_site_content_v\` (\`version_image_id\`);`)
  await db.run(sql`CREATE INDEX \`_site_content_v_version_version_updated_at_idx\` ON \`_site_content_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_site_content_v_version_version_created_at_idx\` ON \`_site_content_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_site_content_v_created_at_idx\` ON \`_site_content_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_site_content_v_updated_at_idx\` ON \`_site_content_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`version_section_version_key_idx\` ON \`_site_content_v\` (\`version_section\`,\`version_key\`);`)
  await db.run(sql`CREATE TABLE \`_pages_v\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`parent_id\` text(36),
  	\`version_title\` text NOT NULL,
  	\`version_slug\` text NOT NULL,
  	\`version_body\` text,
  	\`version_published\` integer DEFAULT false,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_pages_v_parent_idx\` ON \`_pages_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_slug_idx\` ON \`_pages_v\` (\`version_slug\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_published_idx\` ON \`_pages_v\` (\`version_published\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_updated_at_idx\` ON \`_pages_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_created_at_idx\` ON \`_pages_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_created_at_idx\` ON \`_pages_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_updated_at_idx\` ON \`_pages_v\` (\`updated_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`_team_members_v\`;`)
  await db.run(sql`DROP TABLE \`_games_v\`;`)
  await db.run(sql`DROP TABLE \`_site_content_v\`;`)
  await db.run(sql`DROP TABLE \`_pages_v\`;`)
}
