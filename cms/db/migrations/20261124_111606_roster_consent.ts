import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`roster_settings\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`privacy\` text DEFAULT 'asEntered' NOT NULL,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`team_members\` ADD \`show_photo\` integer;`)
  await db.run(sql`ALTER TABLE \`team_members\` ADD \`show_full_name\` integer;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`roster_settings\`;`)
  await db.run(sql`ALTER TABLE \`team_members\` DROP COLUMN \`show_photo\`;`)
  await db.run(sql`ALTER TABLE \`team_members\` DROP COLUMN \`show_full_name\`;`)
}
