import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`contact_messages\` ADD \`fingerprint\` text;`)
  await db.run(sql`ALTER TABLE \`contact_messages\` ADD \`submission_key\` text;`)
  await db.run(sql`CREATE INDEX \`contact_messages_fingerprint_idx\` ON \`contact_messages\` (\`fingerprint\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`contact_messages_submission_key_idx\` ON \`contact_messages\` (\`submission_key\`);`)
  await db.run(sql`ALTER TABLE \`sponsor_applications\` ADD \`fingerprint\` text;`)
  await db.run(sql`ALTER TABLE \`sponsor_applications\` ADD \`submission_key\` text;`)
  await db.run(sql`CREATE INDEX \`sponsor_applications_fingerprint_idx\` ON \`sponsor_applications\` (\`fingerprint\`);`)
  await db.run(sql`CREATE UNIQUE INDEX \`sponsor_applications_submission_key_idx\` ON \`sponsor_applications\` (\`submission_key\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`contact_messages_fingerprint_idx\`;`)
  await db.run(sql`DROP INDEX \`contact_messages_submission_key_idx\`;`)
  await db.run(sql`ALTER TABLE \`contact_messages\` DROP COLUMN \`fingerprint\`;`)
  await db.run(sql`ALTER TABLE \`contact_messages\` DROP COLUMN \`submission_key\`;`)
  await db.run(sql`DROP INDEX \`sponsor_applications_fingerprint_idx\`;`)
  await db.run(sql`DROP INDEX \`sponsor_applications_submission_key_idx\`;`)
  await db.run(sql`ALTER TABLE \`sponsor_applications\` DROP COLUMN \`fingerprint\`;`)
  await db.run(sql`ALTER TABLE \`sponsor_applications\` DROP COLUMN \`submission_key\`;`)
}
