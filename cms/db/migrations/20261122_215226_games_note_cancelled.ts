import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`games\` ADD \`note\` text;`)
  await db.run(sql`ALTER TABLE \`games\` ADD \`cancelled\` integer DEFAULT false;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`games\` DROP COLUMN \`note\`;`)
  await db.run(sql`ALTER TABLE \`games\` DROP COLUMN \`cancelled\`;`)
}
