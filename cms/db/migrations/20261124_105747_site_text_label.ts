import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'
import { CONTENT_SECTIONS, siteTextLabel } from '#shared/siteContent'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`site_content\` ADD \`label\` text;`)
  // Stored site texts get the readable title new saves get (cms/collections/SiteContent.ts).
  for (const { section, fields } of CONTENT_SECTIONS) {
    for (const { key } of fields) {
      await db.run(
        sql`UPDATE \`site_content\` SET \`label\` = ${siteTextLabel(section, key)} WHERE \`section\` = ${section} AND \`key\` = ${key};`,
      )
    }
  }
  await db.run(sql`UPDATE \`site_content\` SET \`label\` = \`section\` || ' · ' || \`key\` WHERE \`label\` IS NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`site_content\` DROP COLUMN \`label\`;`)
}
