import type { RequestHandler } from 'express'
import { accessSync, constants, existsSync, statfsSync } from 'node:fs'
import { dirname } from 'node:path'
import type { StorageProblem } from '#shared/adminSummary'
import { mediaDir } from '../db/adapter'
import { sqlitePath } from '../db/snapshot'
import { env } from '../env'

/**
 * The disk the club's data is written to: the data folder (uploads, local backups) and, on SQLite, the database's
 * folder and file. When it is read-only or full, every write is refused up front with a 503 that says which, before
 * anything is written, so no record is left without its photo and no request half-done; reads go on. "Full" keeps
 * DISK_RESERVE_MB in hand, so SQLite's journal and an upload in flight still fit. /healthz and the admins' Overview
 * say which. Looked at again every few seconds, and at once after a write the disk refused: the state clears by
 * itself once space is freed or the folder is writable again.
 */
const LOOK_EVERY_MS = 2_000
const MB = 1024 * 1024
let lookedAt = 0
let current: StorageProblem | null = null

export function storageProblem(now = Date.now()): StorageProblem | null {
  if (now - lookedAt >= LOOK_EVERY_MS) {
    lookedAt = now
    current = inspect()
  }
  return current
}

/** The folders and files a write may touch; those that do not exist yet are made in a folder listed before them. */
function writtenPlaces(): string[] {
  const places = [dirname(mediaDir), mediaDir]
  if (!env.isMongo) places.push(dirname(sqlitePath()), sqlitePath())
  return [...new Set(places)].filter((path) => existsSync(path))
}

function inspect(): StorageProblem | null {
  const places = writtenPlaces()
  for (const path of places) {
    try {
      accessSync(path, constants.W_OK)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
        return {
          problem: 'read-only',
          message: `The server cannot write to ${path} (${code === 'EROFS' ? 'a read-only file system' : 'no write permission'}): nothing can be saved until it is writable again.`,
        }
    }
  }
  if (places.length === 0) return null
  const { bavail, bsize } = statfsSync(places[0])
  const free = bavail * bsize
  if (free < env.DISK_RESERVE_MB * MB)
    return {
      problem: 'full',
      message: `The server's disk is full (${Math.floor(free / MB)} MB free of the ${env.DISK_RESERVE_MB} MB kept in reserve, DISK_RESERVE_MB): nothing can be saved until space is freed.`,
    }
  return null
}

/** SQLite's and the file system's ways of saying the disk refused a write, anywhere in an error's causes. */
const STORAGE_CODES = /^(ENOSPC|EROFS|EDQUOT|SQLITE_FULL|SQLITE_READONLY|SQLITE_IOERR|SQLITE_CANTOPEN)/

export function isStorageError(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++)
    if (typeof e.code === 'string' && STORAGE_CODES.test(e.code)) return true
  return false
}

/** After a refused write: the disk is looked at again at once, and its problem (if it has one now) is the answer. */
export function storageProblemAfter(err: unknown): StorageProblem | null {
  if (!isStorageError(err)) return null
  lookedAt = 0
  return (
    storageProblem() ?? {
      problem: 'read-only',
      message: 'The server could not save: its disk refused the write. Try again in a moment.',
    }
  )
}

/** The answer to a write refused for the disk: its reason, and that nothing was changed. */
export const storageRefusal = (problem: StorageProblem) => ({ error: `${problem.message} Nothing was changed.` })

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Mounted before every route that writes (cms/app.ts): Payload's REST and admin, our API, the Stripe webhook (which retries). */
export const refuseWritesWhileStorageFails: RequestHandler = (req, res, next) => {
  if (READS.has(req.method)) return next()
  const problem = storageProblem()
  if (!problem) return next()
  res.status(503).set('Retry-After', '60').set('Cache-Control', 'no-store')
  // A form posted without JavaScript (the site's contact and sponsor forms) gets the sentence, not JSON.
  if (req.accepts(['json', 'html']) === 'html') res.type('text/plain; charset=utf-8').send(storageRefusal(problem).error)
  else res.json(storageRefusal(problem))
}
