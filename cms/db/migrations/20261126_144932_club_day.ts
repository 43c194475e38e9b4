import { randomUUID } from 'node:crypto'
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'
import { levelSnapshotOf, redateGifts, redatingMessage } from '../clubDayUpgrade'

type Row = Record<string, unknown>
const text = (value: unknown) => (value == null ? null : String(value))

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`donations\` ADD \`stripe_event_at\` text;`)
  await db.run(sql`ALTER TABLE \`donations\` ADD \`paid_at\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`tier_name\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`tier_price\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`goods_value\` text;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` ADD \`paid_at\` text;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` ADD \`invoice_id\` text;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` ADD \`payment_intent_id\` text;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` ADD \`unmatched_refund\` text;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` ADD \`unmatched_payment\` text;`)
  await db.run(sql`CREATE INDEX \`stripe_events_invoice_id_idx\` ON \`stripe_events\` (\`invoice_id\`);`)
  await db.run(sql`ALTER TABLE \`monthly_gifts\` ADD \`stripe_event_at\` text;`)

  // Data (cms/db/clubDayUpgrade.ts): every gift on the club's day, corrected receipts queued.
  const donations = (await db.all(
    sql`SELECT id, received_at, created_at, stripe_checkout_session_id, stripe_invoice_id, stripe_payment_intent_id, receipt_number, donor_email FROM donations`,
  )) as Row[]
  const redating = redateGifts(
    donations.map((d) => ({
      id: String(d.id),
      receivedAt: text(d.received_at),
      createdAt: String(d.created_at),
      fromStripe: Boolean(d.stripe_checkout_session_id || d.stripe_invoice_id || d.stripe_payment_intent_id),
      receiptNumber: text(d.receipt_number),
      email: text(d.donor_email),
    })),
  )
  for (const { id, receivedAt } of redating.days) await db.run(sql`UPDATE donations SET received_at = ${receivedAt} WHERE id = ${id};`)
  const now = new Date().toISOString()
  for (const mail of redating.corrections)
    await db.run(
      sql`INSERT OR IGNORE INTO email_outbox (id, key, kind, record_id, status, "to", attempts, next_attempt_at, updated_at, created_at) VALUES (${randomUUID()}, ${mail.key}, ${mail.kind}, ${mail.recordId}, 'pending', ${mail.to}, 0, ${now}, ${now}, ${now});`,
    )
  const sponsorships = (await db.all(sql`SELECT id, received_at, created_at FROM sponsorships WHERE received_at IS NULL`)) as Row[]
  const sponsorshipDays = redateGifts(
    sponsorships.map((s) => ({
      id: String(s.id),
      receivedAt: null,
      createdAt: String(s.created_at),
      fromStripe: false,
      receiptNumber: null,
      email: null,
    })),
  )
  for (const { id, receivedAt } of sponsorshipDays.days)
    await db.run(sql`UPDATE sponsorships SET received_at = ${receivedAt} WHERE id = ${id};`)
  payload.logger.info(redatingMessage(redating))

  // Each recorded sponsorship keeps its level as the level reads today (the best known; from now on, as recorded).
  const tiers = (
    (await db.all(
      sql`SELECT name, amount, level, goods_value, benefits, is_active FROM sponsorship_tiers ORDER BY display_order, created_at`,
    )) as Row[]
  ).map((t) => ({
    name: String(t.name),
    amount: String(t.amount),
    level: text(t.level),
    goodsValue: text(t.goods_value),
    benefits: JSON.parse(String(t.benefits ?? '[]')),
    isActive: text(t.is_active),
  }))
  for (const s of (await db.all(sql`SELECT id, tier, benefits FROM sponsorships WHERE tier_name IS NULL`)) as Row[]) {
    const snapshot = levelSnapshotOf(s.tier, tiers)
    if (!snapshot) continue
    const benefits = s.benefits && s.benefits !== '[]' && s.benefits !== 'null' ? String(s.benefits) : JSON.stringify(snapshot.benefits)
    await db.run(
      sql`UPDATE sponsorships SET tier_name = ${snapshot.tierName}, tier_price = ${snapshot.tierPrice}, goods_value = ${snapshot.goodsValue}, benefits = ${benefits} WHERE id = ${String(s.id)};`,
    )
  }
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`stripe_events_invoice_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` DROP COLUMN \`invoice_id\`;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` DROP COLUMN \`payment_intent_id\`;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` DROP COLUMN \`unmatched_refund\`;`)
  await db.run(sql`ALTER TABLE \`stripe_events\` DROP COLUMN \`unmatched_payment\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`stripe_event_at\`;`)
  await db.run(sql`ALTER TABLE \`donations\` DROP COLUMN \`paid_at\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`tier_name\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`tier_price\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`goods_value\`;`)
  await db.run(sql`ALTER TABLE \`sponsorships\` DROP COLUMN \`paid_at\`;`)
  await db.run(sql`ALTER TABLE \`monthly_gifts\` DROP COLUMN \`stripe_event_at\`;`)
}
