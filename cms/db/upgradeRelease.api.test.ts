import { createClient, type Client } from '@libsql/client'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin, startServer } from '../../testing/server'
import { PRODUCTION_PASSWORD_HASHING, runServerCommand } from '../../testing/serverCommand'

/**
 * UPGRADING.md "1.1.0": a club's data as release 1.0.0 (last week's) stored it, written by that release's own server
 * (testing/fixtures/release-1.0.0: its SQLite database as SQL, and its uploads), upgraded by this build started as the
 * docs start it. Before the upgrade a backup of the data as it was; after it every record, receipt number, photo,
 * saved version, account and session as before, but for what the release's data steps say they change. And the way
 * back: that backup restores 1.0.0's data exactly.
 */
const FIXTURE = new URL('../../testing/fixtures/release-1.0.0/', import.meta.url).pathname

/** The server's own bookkeeping, which the upgrade rewrites (which migrations ran, task times, the release). */
const BOOKKEEPING = /^(server_state|login_throttle|payload_migrations|payload_kv|payload_locked_documents\w*|payload_preferences\w*)$/

/**
 * What the data steps of 1.1.0's migrations change in rows 1.0.0 wrote, and why (UPGRADING.md "Data steps"); every
 * other value of every row stays as it was.
 */
const CHANGED_BY_DATA_STEPS: Record<string, string[]> = {
  // club_day: gifts belong to the club's calendar day; a card gift dated by the UTC day moves to the club's.
  donations: ['received_at'],
  // club_day too: a sponsorship without a day gets the club's day it was entered, and keeps its level as sold (name,
  // price, goods value, and its benefits when it had none).
  sponsorships: ['received_at', 'benefits'],
  // At every start: a player's photo is described by the name the roster may show (cms/team/rosterPrivacy.ts).
  media: ['alt', 'updated_at'],
}

type Rows = Record<string, Record<string, Record<string, unknown>>>

/** Every row of every table but the bookkeeping, by table and id. */
async function rowsOf(db: Client): Promise<Rows> {
  const rows: Rows = {}
  const tables = (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")).rows
  for (const table of tables.map((row) => String(row.name)).filter((name) => !BOOKKEEPING.test(name))) {
    const found = (await db.execute(`SELECT rowid AS _rowid, * FROM "${table}"`)).rows
    rows[table] = Object.fromEntries(found.map(({ _rowid, ...row }) => [String(row.id ?? _rowid), { ...row }]))
  }
  return rows
}

const photos = (dir: string) =>
  Object.fromEntries(
    readdirSync(join(dir, 'media'))
      .sort()
      .map((file) => [
        file,
        createHash('sha256')
          .update(readFileSync(join(dir, 'media', file)))
          .digest('hex'),
      ]),
  )

describe('upgrading a club from release 1.0.0', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boosters-release-1.0.0-'))
  const databaseUri = `file:${join(dataDir, 'test.db')}`
  let before: Rows

  beforeAll(async () => {
    const db = createClient({ url: databaseUri })
    await db.executeMultiple(readFileSync(join(FIXTURE, 'database.sql'), 'utf8'))
    before = await rowsOf(db)
    db.close()
    cpSync(join(FIXTURE, 'media'), join(dataDir, 'media'), { recursive: true })
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('backs up, migrates, and keeps every record, receipt number, photo, version, account and session; its backup rolls it back', async () => {
    // What the fixture holds: money with receipt numbers, photos, versions of every versioned collection, a session.
    expect(Object.values(before.receipts).map((r) => r.number)).toEqual(['2026-0001', '2026-0002', '2026-0003', '2026-0004', '2026-0005'])
    for (const table of ['_campaigns_v', '_games_v', '_pages_v', '_site_content_v', '_sponsorship_tiers_v', '_team_members_v'])
      expect(Object.keys(before[table]).length, table).toBeGreaterThan(1)
    expect(Object.keys(before.admin_users_sessions)).toHaveLength(1)
    const photosBefore = photos(FIXTURE)

    // Release 1.0.0 hashed its admin's password with Payload's rounds, which the tests' servers do not (testing/quickPasswordHashes.mjs).
    const server = await startServer({ dataDir, env: { LOG_LEVEL: 'info', ...PRODUCTION_PASSWORD_HASHING } })
    try {
      // The data as it was, in the backup the upgrade took before its first migration.
      expect(readdirSync(join(dataDir, 'backups'))).toEqual([expect.stringMatching(/^pre-migration-[\dT-]+Z\.tar\.gz$/)])
      const migrations = readdirSync(new URL('migrations/', import.meta.url)).filter((f) => /^\d{8}_\d{6}_\w+\.ts$/.test(f))
      expect(server.output()).toContain(`Backup before ${migrations.length - 12} migration(s)`) // 1.0.0 had applied 12
      expect((await new ApiClient(server.url).get('/healthz')).json).toMatchObject({ status: 'ok', pendingMigrations: [] })

      const db = createClient({ url: databaseUri })
      const after = await rowsOf(db)
      db.close()
      const changed: string[] = []
      for (const [table, rows] of Object.entries(before))
        for (const [id, row] of Object.entries(rows))
          for (const [column, value] of Object.entries(row))
            if (JSON.stringify(after[table]?.[id]?.[column]) !== JSON.stringify(value) && !CHANGED_BY_DATA_STEPS[table]?.includes(column))
              changed.push(`${table} ${id} ${column}: ${JSON.stringify(value)} → ${JSON.stringify(after[table]?.[id]?.[column])}`)
      expect(changed).toEqual([])
      // The card gifts 1.0.0 dated by the UTC day (Dec 2) are on the club's day (the evening of Dec 1 in Chicago), and
      // each donor's receipt, sent with the wrong date, is followed by a corrected one.
      const cardGifts = Object.entries(before.donations).filter(([, gift]) => gift.payment_method === 'stripe')
      expect(cardGifts.map(([id]) => [before.donations[id].received_at, after.donations[id].received_at])).toEqual([
        ['2026-12-02', '2026-12-01'],
        ['2026-12-02', '2026-12-01'],
      ])
      const corrections = Object.values(after.email_outbox).filter((mail) => mail.kind === 'donation-redated')
      expect(corrections.map((mail) => mail.record_id).sort()).toEqual(cardGifts.map(([id]) => id).sort())
      expect(photos(dataDir)).toEqual(photosBefore)

      // The club's people see the same: the admin signs in with the password set under 1.0.0; each gift keeps its
      // receipt number, and each photo is served as it was stored.
      const admin = await loggedInAdmin(server.url)
      const money = [...(await admin.get('/api/admin/donations')).json, ...(await admin.get('/api/admin/sponsorships')).json] as Array<{
        id: string
        amount: string
        receiptNumber: string | null
      }>
      const shown = new Map(money.map((record) => [record.id, record]))
      for (const [id, row] of Object.entries({ ...before.donations, ...before.sponsorships }))
        expect(shown.get(id), id).toMatchObject({ amount: row.amount })
      for (const receipt of Object.values(before.receipts))
        expect(shown.get(String(receipt.record_id))?.receiptNumber, String(receipt.number)).toBe(receipt.number)
      const media = (await admin.get('/cms-api/media?limit=10')).json.docs as Array<{ url: string; filename: string }>
      expect(media.map((doc) => doc.filename).sort()).toEqual(['ava.png', 'maya.png'])
      for (const doc of media) {
        const file = await fetch(new URL(doc.url, server.url), { headers: { Origin: server.url, Cookie: admin.cookie } })
        expect(file.status).toBe(200)
        expect(
          createHash('sha256')
            .update(Buffer.from(await file.arrayBuffer()))
            .digest('hex'),
        ).toBe(photosBefore[doc.filename])
      }
    } finally {
      await server.stop()
    }

    // Rolled back: the backup taken before the upgrade puts 1.0.0's data back exactly, for 1.0.0 to run again.
    const [backup] = readdirSync(join(dataDir, 'backups'))
    const restore = await runServerCommand('restore', [backup], {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URI: databaseUri,
      LOG_LEVEL: 'warn',
    })
    expect(restore.code, restore.output).toBe(0)
    const db = createClient({ url: databaseUri })
    const applied = (await db.execute('SELECT name FROM payload_migrations ORDER BY name')).rows.map((row) => String(row.name))
    expect(applied.at(-1)).toBe('20261124_133817_monthly_gifts')
    expect(await rowsOf(db)).toEqual(before)
    db.close()
    expect(photos(dataDir)).toEqual(photos(FIXTURE))
  })
})
