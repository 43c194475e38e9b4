import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`security_settings\` (
  	\`id\` text(36) PRIMARY KEY NOT NULL,
  	\`require_totp_for_admins\` integer DEFAULT false,
  	\`updated_at\` text,
  	\`created_at\` text
  );
  `)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`totp_enabled\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`totp_secret\` text;`)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`totp_pending_secret\` text;`)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`totp_last_step\` numeric;`)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`recovery_codes\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`security_settings\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`totp_enabled\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`totp_secret\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`totp_pending_secret\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`totp_last_step\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`recovery_codes\`;`)
}
