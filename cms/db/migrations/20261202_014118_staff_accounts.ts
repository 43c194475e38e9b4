import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`pending_email\` text;`)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`invited_at\` text;`)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`email_change_token\` text;`)
  await db.run(sql`ALTER TABLE \`admin_users\` ADD \`email_change_expiration\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`pending_email\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`invited_at\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`email_change_token\`;`)
  await db.run(sql`ALTER TABLE \`admin_users\` DROP COLUMN \`email_change_expiration\`;`)
}
