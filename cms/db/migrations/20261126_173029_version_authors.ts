import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// Who saved each version (`updatedBy`, cms/collections/fields.ts) on every versioned collection and its `_<slug>_v` table;
// versions saved before it stay without an author (the History shows none).
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`campaigns\` ADD \`updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`_campaigns_v\` ADD \`version_updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorship_tiers\` ADD \`updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`_sponsorship_tiers_v\` ADD \`version_updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`team_members\` ADD \`updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`_team_members_v\` ADD \`version_updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`games\` ADD \`updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`_games_v\` ADD \`version_updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`site_content\` ADD \`updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`_site_content_v\` ADD \`version_updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`updated_by\` text;`)
  await db.run(sql`ALTER TABLE \`_pages_v\` ADD \`version_updated_by\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`campaigns\` DROP COLUMN \`updated_by\`;`)
  await db.run(sql`ALTER TABLE \`_campaigns_v\` DROP COLUMN \`version_updated_by\`;`)
  await db.run(sql`ALTER TABLE \`sponsorship_tiers\` DROP COLUMN \`updated_by\`;`)
  await db.run(sql`ALTER TABLE \`_sponsorship_tiers_v\` DROP COLUMN \`version_updated_by\`;`)
  await db.run(sql`ALTER TABLE \`team_members\` DROP COLUMN \`updated_by\`;`)
  await db.run(sql`ALTER TABLE \`_team_members_v\` DROP COLUMN \`version_updated_by\`;`)
  await db.run(sql`ALTER TABLE \`games\` DROP COLUMN \`updated_by\`;`)
  await db.run(sql`ALTER TABLE \`_games_v\` DROP COLUMN \`version_updated_by\`;`)
  await db.run(sql`ALTER TABLE \`site_content\` DROP COLUMN \`updated_by\`;`)
  await db.run(sql`ALTER TABLE \`_site_content_v\` DROP COLUMN \`version_updated_by\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`updated_by\`;`)
  await db.run(sql`ALTER TABLE \`_pages_v\` DROP COLUMN \`version_updated_by\`;`)
}
