import { createClient } from '@libsql/client'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiClient, loggedInAdmin, startServer } from '../../testing/server'

/**
 * A club's existing SQLite database upgraded by the page_drafts_money_versions migration
 * (cms/db/migrations/20261124_133201_page_drafts_money_versions.ts): a footer page's Published checkbox becomes
 * Payload's drafts status, so a published page stays on the site and an unpublished one stays a draft only staff
 * see. The database is brought back to the shape it had before (SQL is the only way to write the past), then the
 * real server starts on it.
 */
describe('upgrading a database from before page drafts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'boosters-upgrade-pages-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('keeps published pages published and unpublished ones as drafts, each with its latest version', async () => {
    const first = await startServer({ dataDir })
    await first.stop()

    const db = createClient({ url: first.databaseUri })
    const page = (n: number) => `a0000000-0000-4000-8000-00000000000${n}`
    for (const sql of [
      'PRAGMA foreign_keys = OFF',
      // A later migration (version_authors) added a column to these tables; the rebuilt ones would lack it, so it
      // is undone too and runs again after page_drafts, as on a database from before both.
      ...['campaigns', 'sponsorship_tiers', 'team_members', 'games', 'site_content', 'pages'].flatMap((table) => [
        `ALTER TABLE ${table} DROP COLUMN updated_by`,
        `ALTER TABLE _${table}_v DROP COLUMN version_updated_by`,
      ]),
      "DELETE FROM payload_migrations WHERE name = '20261126_173029_version_authors'",
      'DROP TABLE _campaigns_v',
      'DROP TABLE _sponsorship_tiers_v',
      'DROP INDEX pages__status_idx',
      'ALTER TABLE pages DROP COLUMN _status',
      'ALTER TABLE pages ADD COLUMN published integer DEFAULT false',
      'DROP INDEX _pages_v_version_version__status_idx',
      'DROP INDEX _pages_v_latest_idx',
      'ALTER TABLE _pages_v DROP COLUMN version__status',
      'ALTER TABLE _pages_v DROP COLUMN latest',
      'ALTER TABLE _pages_v ADD COLUMN version_published integer DEFAULT false',
      "DELETE FROM payload_migrations WHERE name = '20261124_133201_page_drafts_money_versions'",
      `INSERT INTO pages (id, title, slug, published) VALUES ('${page(1)}', 'Privacy Policy', 'privacy-policy', 1)`,
      `INSERT INTO pages (id, title, slug, published) VALUES ('${page(2)}', 'Terms of Service', 'terms-of-service', 0)`,
      // Two saves of the published page (a typo, then the fix) and one of the other.
      `INSERT INTO _pages_v (id, parent_id, version_title, version_slug, version_published, created_at, updated_at)
       VALUES ('b0000000-0000-4000-8000-000000000001', '${page(1)}', 'Privacy Polcy', 'privacy-policy', 1, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z')`,
      `INSERT INTO _pages_v (id, parent_id, version_title, version_slug, version_published, created_at, updated_at)
       VALUES ('b0000000-0000-4000-8000-000000000002', '${page(1)}', 'Privacy Policy', 'privacy-policy', 1, '2026-11-02T10:00:00.000Z', '2026-11-02T10:00:00.000Z')`,
      `INSERT INTO _pages_v (id, parent_id, version_title, version_slug, version_published, created_at, updated_at)
       VALUES ('b0000000-0000-4000-8000-000000000003', '${page(2)}', 'Terms of Service', 'terms-of-service', 0, '2026-11-03T10:00:00.000Z', '2026-11-03T10:00:00.000Z')`,
    ]) {
      await db.execute(sql)
    }
    db.close()

    const server = await startServer({ dataDir })
    try {
      const site = new ApiClient(server.url)
      expect((await site.get('/api/pages')).json).toEqual({ slugs: ['privacy-policy'] })
      const shown = await site.get('/api/pages/privacy-policy')
      expect(shown.json.title, shown.text).toBe('Privacy Policy')
      expect((await site.get('/api/pages/terms-of-service')).status).toBe(404)

      const admin = await loggedInAdmin(server.url)
      const pages = (await admin.get('/cms-api/pages?sort=title')).json.docs
      expect(pages.map((p: { title: string; _status: string }) => [p.title, p._status])).toEqual([
        ['Privacy Policy', 'published'],
        ['Terms of Service', 'draft'],
      ])
      // Each version keeps its page, and each page's newest save is its latest version: what a staff preview shows.
      const versions = (await admin.get('/cms-api/pages/versions?depth=0&sort=createdAt')).json.docs
      expect(versions.map((v: { parent: string; latest: boolean }) => [v.parent, v.latest])).toEqual([
        [page(1), false],
        [page(1), true],
        [page(2), true],
      ])
      const preview = await admin.get('/privacy-policy')
      expect(preview.status).toBe(200)
      expect(preview.text).toMatch(/<title>Privacy Policy[^<]*<\/title>/)
      expect((await admin.get('/terms-of-service')).status).toBe(200)
      expect((await site.get('/terms-of-service')).status).toBe(404)
      // Campaigns and sponsorship levels keep versions from now on.
      expect((await admin.get('/cms-api/campaigns/versions')).status).toBe(200)
    } finally {
      await server.stop()
    }
  })
})
