import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { BackupSummary, ServerStatus } from '#shared/adminSummary'
import { BackupNotice } from './BackupNotice'
import { ServerNotice } from './ServerNotice'

/** The Overview's words for the server's state (cms/api/summary.ts sends it; cms/db/backup.api.test.ts and safeguards check that). */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ')
    .trim()

const healthy: BackupSummary = {
  last: '2026-11-26T09:00:00.000Z',
  location: '/app/data/backups/backup-2026-11-26T09-00-00-000Z.tar.gz',
  bytes: 46_683,
  everyHours: 24,
  atHour: 3,
  timeZone: 'America/Chicago',
  keep: 7,
  overdue: false,
  failedAt: null,
  failure: null,
  storeFailure: null,
  restored: null,
}

describe("the Overview's server and backup notices", () => {
  it('says in an amber box that the storage refused and the backups are kept on the server meanwhile', () => {
    const html = renderToStaticMarkup(
      createElement(BackupNotice, { backup: { ...healthy, storeFailure: 'S3 storage answered 403 to PUT …' } }),
    )
    expect(html).toContain('role="status"')
    expect(text(html)).toContain(
      'The backup storage refused the last backup (S3 storage answered 403 to PUT …). Backups are kept on this server meanwhile (data/backups, the last 7)',
    )
  })

  it('names the backup the data was restored from, quietly while all is well', () => {
    const html = renderToStaticMarkup(
      createElement(BackupNotice, {
        backup: { ...healthy, restored: { name: 'backup-2026-11-26T09-00-00-000Z.tar.gz', at: '2026-11-27T10:00:00.000Z' } },
      }),
    )
    expect(html).not.toContain('role="status"')
    expect(text(html)).toMatch(/The data was restored from backup-2026-11-26T09-00-00-000Z\.tar\.gz on Nov 27, 2026/)
  })

  it('says why saving stopped and asks for the club contact address; nothing when all is well', () => {
    const server: ServerStatus = {
      storage: {
        problem: 'full',
        message:
          "The server's disk is full (12 MB free of the 100 MB kept in reserve, DISK_RESERVE_MB): nothing can be saved until space is freed.",
      },
      contactEmailMissing: true,
    }
    const html = renderToStaticMarkup(createElement(ServerNotice, { server }))
    expect(html).toContain('role="status"')
    expect(text(html)).toContain("Server The server's disk is full (12 MB free")
    expect(text(html)).toContain('their email notices wait until one is set in Content → Contact · Email')
    expect(renderToStaticMarkup(createElement(ServerNotice, { server: { storage: null, contactEmailMissing: false } }))).toBe('')
  })
})
