import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`donations\` ADD \`refunds\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`refunds\` text;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` ADD \`waiting_refund\` text;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` ADD \`matched_to\` text;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` ADD \`matched_at\` text;`)
  await db.run(sql`CREATE INDEX \`stripe_events_unmatched_payment_idx\` ON \`stripe_events\` (\`unmatched_payment\`);`)
  await db.run(sql`ALTER TABLE \`email_outbox\` ADD \`told\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`stripe_events_unmatched_payment_idx\`;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` DROP COLUMN \`waiting_refund\`;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` DROP COLUMN \`matched_to\`;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` DROP COLUMN \`matched_at\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`refunds\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`refunds\`;`)
  await db.run(sql`ALTER TABLE \`email_outbox\` DROP COLUMN \`told\`;`)
}
