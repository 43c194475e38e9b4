import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Footer pages: the `published` checkbox becomes Payload's drafts (`_status`), published pages stay published and
// each page's newest version is its latest; campaigns and sponsorship levels keep versions (hand-edited SELECTs).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`_campaigns_v\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`parent_id\` text(36),
  	\`version_name\` text NOT NULL,
  	\`version_description\` text NOT NULL,
  	\`version_goal_amount\` text NOT NULL,
  	\`version_base_amount\` text,
  	\`version_gifts_amount\` text,
  	\`version_current_amount\` text NOT NULL,
  	\`version_image_id\` text(36),
  	\`version_image_url\` text,
  	\`version_is_active\` text DEFAULT 'true' NOT NULL,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`campaigns\`(\`id\`) ON UPDATE no action ON DELETE set null,
  	FOREIGN KEY (\`version_image_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_campaigns_v_parent_idx\` ON \`_campaigns_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_campaigns_v_version_version_image_idx\` ON \`_campaigns_v\` (\`version_image_id\`);`)
  await db.run(sql`CREATE INDEX \`_campaigns_v_version_version_updated_at_idx\` ON \`_campaigns_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_campaigns_v_version_version_created_at_idx\` ON \`_campaigns_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_campaigns_v_created_at_idx\` ON \`_campaigns_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_campaigns_v_updated_at_idx\` ON \`_campaigns_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE TABLE \`_sponsorship_tiers_v\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`parent_id\` text(36),
  	\`version_name\` text NOT NULL,
  	\`version_amount\` text NOT NULL,
  	\`version_color\` text DEFAULT 'green' NOT NULL,
  	\`version_description\` text,
  	\`version_benefits\` text DEFAULT '[]',
  	\`version_level\` text,
  	\`version_goods_value\` text,
  	\`version_display_order\` numeric DEFAULT 0 NOT NULL,
  	\`version_is_active\` text DEFAULT 'true',
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`sponsorship_tiers\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`_sponsorship_tiers_v_parent_idx\` ON \`_sponsorship_tiers_v\` (\`parent_id\`);`)
  await db.run(
    sql`CREATE INDEX \`_sponsorship_tiers_v_version_version_updated_at_idx\` ON \`_sponsorship_tiers_v\` (\`version_updated_at\`);`,
  )
  await db.run(
    sql`CREATE INDEX \`_sponsorship_tiers_v_version_version_created_at_idx\` ON \`_sponsorship_tiers_v\` (\`version_created_at\`);`,
  )
  await db.run(sql`CREATE INDEX \`_sponsorship_tiers_v_created_at_idx\` ON \`_sponsorship_tiers_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_sponsorship_tiers_v_updated_at_idx\` ON \`_sponsorship_tiers_v\` (\`updated_at\`);`)
  // Migrations run in a transaction, where SQLite ignores PRAGMA foreign_keys: dropping \`pages\` below empties
  // each version's parent_id (ON DELETE set null). The links are kept aside and put back at the end.
  await db.run(sql`CREATE TEMP TABLE \`page_version_parents\` AS SELECT \`id\`, \`parent_id\` FROM \`_pages_v\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_pages\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`title\` text,
  	\`slug\` text,
  	\`body\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`_status\` text DEFAULT 'draft'
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_pages\`("id", "title", "slug", "body", "updated_at", "created_at", "_status") SELECT "id", "title", "slug", "body", "updated_at", "created_at", CASE WHEN "published" THEN 'published' ELSE 'draft' END FROM \`pages\`;`,
  )
  await db.run(sql`DROP TABLE \`pages\`;`)
  await db.run(sql`ALTER TABLE \`__new_pages\` RENAME TO \`pages\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`pages_slug_idx\` ON \`pages\` (\`slug\`);`)
  await db.run(sql`CREATE INDEX \`pages_updated_at_idx\` ON \`pages\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`pages_created_at_idx\` ON \`pages\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`pages__status_idx\` ON \`pages\` (\`_status\`);`)
  await db.run(sql`CREATE TABLE \`__new__pages_v\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`parent_id\` text(36),
  	\`version_title\` text,
  	\`version_slug\` text,
  	\`version_body\` text,
  	\`version_updated_at\` text,
  	\`version_created_at\` text,
  	\`version__status\` text DEFAULT 'draft',
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`latest\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new__pages_v\`("id", "parent_id", "version_title", "version_slug", "version_body", "version_updated_at", "version_created_at", "version__status", "created_at", "updated_at", "latest") SELECT "id", "parent_id", "version_title", "version_slug", "version_body", "version_updated_at", "version_created_at", CASE WHEN "version_published" THEN 'published' ELSE 'draft' END, "created_at", "updated_at", NULL FROM \`_pages_v\`;`,
  )
  await db.run(sql`DROP TABLE \`_pages_v\`;`)
  await db.run(sql`ALTER TABLE \`__new__pages_v\` RENAME TO \`_pages_v\`;`)
  await db.run(sql`CREATE INDEX \`_pages_v_parent_idx\` ON \`_pages_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_slug_idx\` ON \`_pages_v\` (\`version_slug\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_updated_at_idx\` ON \`_pages_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_created_at_idx\` ON \`_pages_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version__status_idx\` ON \`_pages_v\` (\`version__status\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_created_at_idx\` ON \`_pages_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_updated_at_idx\` ON \`_pages_v\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_latest_idx\` ON \`_pages_v\` (\`latest\`);`)
  await db.run(
    sql`UPDATE \`_pages_v\` SET \`parent_id\` = (SELECT p.\`parent_id\` FROM \`page_version_parents\` p WHERE p.\`id\` = \`_pages_v\`.\`id\`);`,
  )
  await db.run(sql`DROP TABLE \`page_version_parents\`;`)
  // Each page's newest version is its latest: what Payload reads as the page's current draft.
  await db.run(
    sql`UPDATE \`_pages_v\` SET \`latest\` = (\`updated_at\` = (SELECT MAX(v2.\`updated_at\`) FROM \`_pages_v\` v2 WHERE v2.\`parent_id\` = \`_pages_v\`.\`parent_id\`));`,
  )
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`_campaigns_v\`;`)
  await db.run(sql`DROP TABLE \`_sponsorship_tiers_v\`;`)
  // Migrations run in a transaction, where SQLite ignores PRAGMA foreign_keys: dropping \`pages\` below empties
  // each version's parent_id (ON DELETE set null). The links are kept aside and put back at the end.
  await db.run(sql`CREATE TEMP TABLE \`page_version_parents\` AS SELECT \`id\`, \`parent_id\` FROM \`_pages_v\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_pages\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`title\` text NOT NULL,
  	\`slug\` text NOT NULL,
  	\`body\` text,
  	\`published\` integer DEFAULT false,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
  );
  `)
  await db.run(
    sql`INSERT INTO \`__new_pages\`("id", "title", "slug", "body", "published", "updated_at", "created_at") SELECT "id", "title", "slug", "body", "_status" = 'published', "updated_at", "created_at" FROM \`pages\`;`,
  )
  await db.run(sql`DROP TABLE \`pages\`;`)
  await db.run(sql`ALTER TABLE \`__new_pages\` RENAME TO \`pages\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`pages_slug_idx\` ON \`pages\` (\`slug\`);`)
  await db.run(sql`CREATE INDEX \`pages_published_idx\` ON \`pages\` (\`published\`);`)
  await db.run(sql`CREATE INDEX \`pages_updated_at_idx\` ON \`pages\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`pages_created_at_idx\` ON \`pages\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new__pages_v\` (
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
  await db.run(
    sql`INSERT INTO \`__new__pages_v\`("id", "parent_id", "version_title", "version_slug", "version_body", "version_published", "version_updated_at", "version_created_at", "created_at", "updated_at") SELECT "id", "parent_id", "version_title", "version_slug", "version_body", "version__status" = 'published', "version_updated_at", "version_created_at", "created_at", "updated_at" FROM \`_pages_v\`;`,
  )
  await db.run(sql`DROP TABLE \`_pages_v\`;`)
  await db.run(sql`ALTER TABLE \`__new__pages_v\` RENAME TO \`_pages_v\`;`)
  await db.run(sql`CREATE INDEX \`_pages_v_parent_idx\` ON \`_pages_v\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_slug_idx\` ON \`_pages_v\` (\`version_slug\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_published_idx\` ON \`_pages_v\` (\`version_published\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_updated_at_idx\` ON \`_pages_v\` (\`version_updated_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_version_version_created_at_idx\` ON \`_pages_v\` (\`version_created_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_created_at_idx\` ON \`_pages_v\` (\`created_at\`);`)
  await db.run(sql`CREATE INDEX \`_pages_v_updated_at_idx\` ON \`_pages_v\` (\`updated_at\`);`)
  await db.run(
    sql`UPDATE \`_pages_v\` SET \`parent_id\` = (SELECT p.\`parent_id\` FROM \`page_version_parents\` p WHERE p.\`id\` = \`_pages_v\`.\`id\`);`,
  )
  await db.run(sql`DROP TABLE \`page_version_parents\`;`)
}
