import { createClient } from '@libsql/client'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseTargets, mongoDatabaseUri } from '../../testing/databases'
import { loggedInAdmin, startServer } from '../../testing/server'

/**
 * A club's existing SQLite database upgraded by the money_rules migration
 * (cms/db/migrations/20261124_100451_money_rules.ts): a gift's campaign id
 * becomes a relationship, and each campaign's raised amount is split into its
 * opening balance and its recorded gifts without changing what it shows.
 * The database is brought back to the shape it had before that migration
 * (SQL is the only way to write the past), then the real server starts on it. The club_day migration
 * runs again on it too: its data step re-dates card gifts stored with the UTC day.
 */
describe('upgrading a database from before the money rules', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boosters-upgrade-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('keeps every campaign’s raised amount, splits it into opening balance and gifts, and sends unknown campaigns to the general fund', async () => {
    const first = await startServer({ dataDir })
    await first.stop()
    // A new database had nothing to keep: no backup before its first migrations.
    expect(existsSync(join(dataDir, 'backups'))).toBe(false)

    const db = createClient({ url: first.databaseUri })
    for (const sql of [
      'PRAGMA foreign_keys = OFF',
      'DROP INDEX donations_campaign_idx',
      'DROP INDEX contact_messages_status_idx',
      'DROP INDEX sponsor_applications_status_idx',
      'ALTER TABLE campaigns DROP COLUMN base_amount',
      'ALTER TABLE campaigns DROP COLUMN gifts_amount',
      'ALTER TABLE audit_log DROP COLUMN changes',
      "DELETE FROM payload_migrations WHERE name = '20261124_100451_money_rules'",
      // A later migration that changes donations runs again after it too (monthly_gifts adds Stripe's
      // invoice columns, which money_rules' rebuild of the table would otherwise drop).
      "DELETE FROM payload_migrations WHERE name = '20261124_133817_monthly_gifts'",
      'DROP INDEX monthly_gifts_subscription_id_idx',
      'DROP INDEX monthly_gifts_updated_at_idx',
      'DROP INDEX monthly_gifts_created_at_idx',
      'ALTER TABLE monthly_gifts RENAME TO monthly_gifts_before',
      'DROP INDEX payload_locked_documents_rels_monthly_gifts_id_idx',
      'ALTER TABLE payload_locked_documents_rels RENAME COLUMN monthly_gifts_id TO monthly_gifts_id_before',
      // So do the two that add donations' refund, void and payment-instant columns (statements_void_days, club_day):
      // the rest of what they made is undone here so that they can run again.
      "DELETE FROM payload_migrations WHERE name IN ('20261126_143514_statements_void_days', '20261126_144932_club_day')",
      ...['year', 'email', 'outbox_key', 'updated_at', 'created_at'].map((column) => `DROP INDEX statements_${column}_idx`),
      'ALTER TABLE statements RENAME TO statements_before',
      'DROP INDEX payload_locked_documents_rels_statements_id_idx',
      'ALTER TABLE payload_locked_documents_rels RENAME COLUMN statements_id TO statements_id_before',
      ...['void_category', 'refunded_on', 'voided_on', 'tier_name', 'tier_price', 'goods_value', 'paid_at'].map(
        (column) => `ALTER TABLE sponsorships DROP COLUMN ${column}`,
      ),
      // And stripe_payouts, which adds donations' Stripe fee columns and the payouts table.
      "DELETE FROM payload_migrations WHERE name = '20261126_175753_stripe_payouts'",
      ...['payout_id', 'status', 'arrival_day', 'updated_at', 'created_at'].map((column) => `DROP INDEX payouts_${column}_idx`),
      'ALTER TABLE payouts RENAME TO payouts_before',
      'DROP INDEX payload_locked_documents_rels_payouts_id_idx',
      'ALTER TABLE payload_locked_documents_rels RENAME COLUMN payouts_id TO payouts_id_before',
      'ALTER TABLE receipts DROP COLUMN voided_on',
      // And refunds_by_day, which lists each refund with its day and keeps Stripe's early refunds on their events.
      "DELETE FROM payload_migrations WHERE name = '20261202_041632_refunds_by_day'",
      'DROP INDEX stripe_events_unmatched_payment_idx',
      ...['waiting_refund', 'matched_to', 'matched_at'].map((column) => `ALTER TABLE stripe_events DROP COLUMN ${column}`),
      ...['donations', 'sponsorships'].map((table) => `ALTER TABLE ${table} DROP COLUMN refunds`),
      'ALTER TABLE email_outbox DROP COLUMN told',
      'DROP INDEX stripe_events_invoice_id_idx',
      ...['invoice_id', 'payment_intent_id', 'unmatched_refund', 'unmatched_payment'].map(
        (column) => `ALTER TABLE stripe_events DROP COLUMN ${column}`,
      ),
      "INSERT INTO campaigns (id, name, description, goal_amount, current_amount, is_active) VALUES ('c0000000-0000-4000-8000-000000000001', 'Uniforms', 'Warm-ups', '3000.00', '2875.50', 'true')",
      "INSERT INTO campaigns (id, name, description, goal_amount, current_amount, is_active) VALUES ('c0000000-0000-4000-8000-000000000002', 'Camp', 'Summer', '800.00', '10.00', 'true')",
    ]) {
      await db.execute(sql)
    }
    const gift = (id: number, campaign: string, amount: string, status: string, refunded: string | null = null) =>
      db.execute({
        sql: `INSERT INTO donations (id, donor_name, donor_email, amount, campaign_id, payment_method, status, refunded_amount)
              VALUES (?, 'Donor', 'd@example.test', ?, ?, 'check', ?, ?)`,
        args: [`d0000000-0000-4000-8000-00000000000${id}`, amount, campaign, status, refunded],
      })
    await gift(1, 'c0000000-0000-4000-8000-000000000001', '40.00', 'completed')
    await gift(2, 'c0000000-0000-4000-8000-000000000001', '50.00', 'partially_refunded', '20.00')
    await gift(3, 'c0000000-0000-4000-8000-000000000001', '10.00', 'pending')
    await gift(4, 'c0000000-0000-4000-8000-000000000002', '25.00', 'completed') // more than its raised amount: typed by hand before
    await gift(5, 'c0000000-0000-4000-8000-0000000000ff', '5.00', 'completed') // its campaign was deleted
    // Card gifts as the webhook stored them before the club's day: dated by the UTC day of the moment it recorded them.
    const cardGift = (id: number, createdAt: string, receivedAt: string, receiptNumber: string) =>
      db.execute({
        sql: `INSERT INTO donations (id, donor_name, donor_email, amount, payment_method, status, stripe_checkout_session_id, received_at, receipt_number, created_at, updated_at)
              VALUES (?, 'Card Donor', 'card@example.test', '60.00', 'stripe', 'completed', ?, ?, ?, ?, ?)`,
        args: [`d0000000-0000-4000-8000-00000000000${id}`, `cs_test_before_${id}`, receivedAt, receiptNumber, createdAt, createdAt],
      })
    await cardGift(6, '2025-01-01T03:30:05.000Z', '2025-01-01', '2025-0001') // New Year's Eve, 9:30 pm in Chicago
    await cardGift(7, '2025-01-02T00:10:00.000Z', '2025-01-01', '2025-0002') // recorded on another UTC day than its stored day
    await cardGift(8, '2025-03-05T18:00:00.000Z', '2025-03-05', '2025-0003') // noon in Chicago: already its club's day
    db.close()

    // LOG_LEVEL info: the migration says how many gifts it re-dated and how many it could not.
    const server = await startServer({ dataDir, env: { LOG_LEVEL: 'info' } })
    try {
      // The upgrade backed up the database as it was before migrating (docs/DEPLOY.md "Upgrade and rollback").
      const backups = readdirSync(join(dataDir, 'backups'))
      expect(backups).toEqual([expect.stringMatching(/^pre-migration-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz$/)])
      execFileSync('tar', ['-xzf', join(dataDir, 'backups', backups[0]), '-C', dataDir, 'database.db'])
      const before = createClient({ url: `file:${join(dataDir, 'database.db')}` })
      const applied = (await before.execute('SELECT name FROM payload_migrations')).rows.map((row) => row.name)
      expect(applied).not.toContain('20261124_100451_money_rules')
      expect((await before.execute("SELECT current_amount FROM campaigns WHERE name = 'Uniforms'")).rows[0].current_amount).toBe('2875.50')
      before.close()

      const admin = await loggedInAdmin(server.url)
      const campaigns = (await admin.get('/api/admin/campaigns')).json as any[]
      const byName = Object.fromEntries(campaigns.map((c) => [c.name, c]))
      expect(byName.Uniforms).toMatchObject({ currentAmount: '2875.50', baseAmount: '2805.50', giftsAmount: '70.00' })
      // Never below its gifts: the opening balance is not negative.
      expect(byName.Camp).toMatchObject({ currentAmount: '25.00', baseAmount: '0.00', giftsAmount: '25.00' })
      const donations = (await admin.get('/api/admin/donations')).json as any[]
      expect(Array.isArray(donations), JSON.stringify(donations)).toBe(true)
      expect(donations.find((d) => d.id.endsWith('5'))).toMatchObject({ campaignId: null, amount: '5.00' })
      expect(donations.find((d) => d.id.endsWith('1'))).toMatchObject({ campaignId: 'c0000000-0000-4000-8000-000000000001' })

      // Migration club_day's data step: the evening card gift moves to the club's day (Dec 31) and its receipt,
      // sent with Jan 1, gets a corrected one queued; the one it cannot re-date keeps its day and is counted in the log.
      const dayOf = (n: number) => donations.find((d) => d.id.endsWith(String(n)))?.receivedAt
      expect([6, 7, 8].map(dayOf)).toEqual(['2024-12-31', '2025-01-01', '2025-03-05'])
      expect(server.output()).toContain("club_day: 1 card gifts re-dated to the club's day")
      expect(server.output()).toContain('1 card gifts could not be re-dated')
      const outbox = createClient({ url: server.databaseUri })
      const corrections = (await outbox.execute('SELECT key, record_id, "to" FROM email_outbox WHERE kind = \'donation-redated\'')).rows
      outbox.close()
      expect(corrections.map((row) => ({ ...row }))).toEqual([
        {
          key: 'redated:d0000000-0000-4000-8000-000000000006:2025-01-01',
          record_id: 'd0000000-0000-4000-8000-000000000006',
          to: 'card@example.test',
        },
      ])

      // The upgraded books go on like new ones: completing the pending gift raises its campaign.
      expect((await admin.put('/api/admin/donations/d0000000-0000-4000-8000-000000000003', { status: 'completed' })).status).toBe(200)
      const uniforms = ((await admin.get('/api/admin/campaigns')).json as any[]).find((c) => c.name === 'Uniforms')
      expect(uniforms).toMatchObject({ currentAmount: '2885.50', giftsAmount: '80.00' })
    } finally {
      await server.stop()
    }
  })
})

/**
 * MongoDB (when MONGODB_URI is set, as CI's MongoDB workflow runs the suite): a database whose data was upgraded to
 * fewer migrations than the code has is backed up, database and uploads, before its data steps run
 * (cms/collections/migrate.ts), and the record of its upgrades is whole again after.
 */
describe.each(databaseTargets.filter((target) => target.name === 'mongodb'))('upgrading a $name database', ({ env: databaseEnv }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boosters-upgrade-mongo-'))
  const databaseUri = databaseEnv.DATABASE_URI
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('backs up the database as it was before the upgrade', async () => {
    const first = await startServer({ dataDir, env: { DATABASE_URI: databaseUri } })
    const admin = await loggedInAdmin(first.url)
    expect(
      (await admin.post('/api/admin/campaigns', { name: 'Before the upgrade', description: 'kept', goalAmount: '10.00' })).status,
    ).toBe(201)
    await first.stop()
    // A new database had nothing to keep.
    expect(existsSync(join(dataDir, 'backups'))).toBe(false)

    // As if the code had gained a migration since: the last one is missing from the record of upgrades.
    const { MongoClient } = await import('mongodb')
    const client = new MongoClient(databaseUri)
    try {
      const db = client.db()
      const upgradesRecord = async () => {
        for (const { name } of await db.listCollections().toArray()) {
          const row = await db.collection(name).findOne({ key: 'upgrade:migrations' })
          if (row) return { collection: name, applied: JSON.parse(row.stamp as string) as string[] }
        }
        throw new Error('no upgrade:migrations record')
      }
      const before = await upgradesRecord()
      await db
        .collection(before.collection)
        .updateOne({ key: 'upgrade:migrations' }, { $set: { stamp: JSON.stringify(before.applied.slice(0, -1)) } })

      const server = await startServer({ dataDir, env: { DATABASE_URI: databaseUri } })
      try {
        const backups = readdirSync(join(dataDir, 'backups'))
        expect(backups).toEqual([expect.stringMatching(/^pre-migration-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz$/)])
        const unpacked = join(dataDir, 'unpacked')
        mkdirSync(unpacked)
        execFileSync('tar', ['-xzf', join(dataDir, 'backups', backups[0]), '-C', unpacked])
        expect(JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'))).toMatchObject({
          kind: 'pre-migration',
          database: 'mongodb',
        })
        const dumped = readdirSync(join(unpacked, 'mongodb'))
        const campaigns = dumped
          .filter((f) => f.endsWith('.ejson'))
          .find((f) => readFileSync(join(unpacked, 'mongodb', f), 'utf8').includes('Before the upgrade'))
        expect(campaigns).toBeDefined()
        // Each collection's indexes are in it too, for a restore to put back.
        expect(dumped).toContain(campaigns!.replace(/\.ejson$/, '.indexes.json'))
        expect((await upgradesRecord()).applied).toEqual(before.applied)
      } finally {
        await server.stop()
      }
    } finally {
      await client.close()
    }
  })

  // SQLite's twin, migration by migration: cms/db/migrations.api.test.ts.
  it('keeps every saved version with its parent through every data step', async () => {
    const uri = mongoDatabaseUri()
    const dir = mkdtempSync(join(tmpdir(), 'boosters-upgrade-history-'))
    const { MongoClient } = await import('mongodb')
    const client = new MongoClient(uri)
    try {
      // Versions of every versioned collection: the demo content saves one of each record, and a page.
      const first = await startServer({ dataDir: dir, seed: 'demo', env: { DATABASE_URI: uri } })
      const admin = await loggedInAdmin(first.url)
      expect(
        (await admin.post('/cms-api/pages', { title: 'Volunteer Information', slug: 'volunteer-information', _status: 'published' }))
          .status,
      ).toBe(201)
      await first.stop()
      const db = client.db()
      const parents = async () => {
        const result: Record<string, Record<string, string>> = {}
        for (const { name } of await db.listCollections().toArray())
          if (name.endsWith('_versions'))
            result[name] = Object.fromEntries((await db.collection(name).find({}).toArray()).map((v) => [String(v._id), String(v.parent)]))
        return result
      }
      const before = await parents()
      expect(Object.keys(before).sort()).toEqual(
        ['campaigns', 'games', 'pages', 'site-content', 'sponsorship-tiers', 'team-members'].map((slug) => `_${slug}_versions`),
      )
      for (const [name, versions] of Object.entries(before)) expect(Object.keys(versions).length, name).toBeGreaterThan(0)

      // As if upgraded from before every data step: its record of upgrades forgotten, so each step runs again.
      for (const { name } of await db.listCollections().toArray())
        await db.collection(name).deleteMany({ key: { $in: ['upgrade:migrations', 'upgrade:club_day'] } })
      const upgraded = await startServer({ dataDir: dir, env: { DATABASE_URI: uri } })
      await upgraded.stop()
      expect(await parents()).toEqual(before)
    } finally {
      await client.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
