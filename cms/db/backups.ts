import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { AwsClient } from 'aws4fetch'
import type { Payload } from 'payload'
import { createClient } from '@libsql/client'
import { pathToFileURL } from 'node:url'
import tar from 'tar-stream'
import type { BackupSummary } from '#shared/adminSummary'
import { todayIn } from '#shared/clubDay'
import { zonedTimeToUtc } from '#shared/games'
import { env } from '../env'
import { RELEASE } from '../release'
import { mediaDir } from './adapter'
import { newerSchemaProblem, parseRelease, RELEASE_KEY } from './schemaRelease'
import { SERVER_STATE_COLLECTION } from './serverState'
import { upsertByKey } from './transaction'
import { snapshotSqlite, sqlitePath, timestamp } from './snapshot'

/**
 * Backups of everything a lost machine would take with it except `.env`: the database and the uploads, in one
 * `.tar.gz` (docs/DEPLOY.md "Backups"). Inside: `manifest.json`; on SQLite `database.db` (a consistent copy,
 * VACUUM INTO); on MongoDB `mongodb/<collection>.ejson` (one canonical Extended JSON document a line, read in one
 * snapshot where the server allows it; no mongodump needed) and `mongodb/<collection>.indexes.json`; and `media/…`, the uploaded files. The database is
 * copied first: a photo uploaded meanwhile is in the archive without its record, never a record without its photo
 * (unless the photo was deleted in between).
 *
 * Scheduled backups (cms/start.ts) and `node dist/backup.mjs` go to S3-compatible storage when BACKUP_S3_URL is set,
 * else to data/backups; the last BACKUP_KEEP of each kind are kept. While the storage refuses, each backup stays in
 * data/backups instead (a backup on this disk beats none), and the Overview says so. The copy before migrations is
 * always local: it is the way back from an upgrade. `node dist/restore.mjs <backup>` puts one back (restoreBackup).
 */

/** Where the server keeps what it writes: the SQLite database's directory, ./data on MongoDB (/app/data in the image). */
export const dataDir = () => dirname(mediaDir)
export const backupsDir = () => join(dataDir(), 'backups')

export type BackupKind = 'backup' | 'pre-migration'
const ARCHIVE_FORMAT = 1
type Manifest = {
  format: number
  kind: BackupKind
  createdAt: string
  build: string
  /** The release that wrote it (archives from before this field have none). */
  version?: string
  database: 'sqlite' | 'mongodb'
  /** How many uploaded files it holds, and (archives since release 1.1.0) which, with their sizes: a restore checks both. */
  media: number
  mediaFiles?: Array<{ name: string; bytes: number }>
}

const LAST_BACKUP_KEY = 'backup:last'
const LAST_FAILURE_KEY = 'backup:failed'
const RESTORED_KEY = 'backup:restored'

export type BackupResult = {
  name: string
  location: string
  bytes: number
  media: number
  /** The S3 storage refused it: why. It was kept in data/backups instead. */
  storeFailure?: string
}

/**
 * Writes one archive; `target` (a file path) wins over the configured place. Records the time of a scheduled kind.
 * The manifest comes last: it lists the uploaded files as they went in (one deleted meanwhile is not in it).
 */
export async function createBackup(payload: Payload, options: { kind?: BackupKind; target?: string } = {}): Promise<BackupResult> {
  const kind = options.kind ?? 'backup'
  const name = options.target ? basename(options.target) : `${kind}-${timestamp()}.tar.gz`
  const remote = !options.target && kind === 'backup' ? s3Store() : null
  const path = options.target ? resolve(options.target) : join(backupsDir(), name)
  if (existsSync(path)) throw new BackupProblem(`${path} already exists: choose another file name.`)
  mkdirSync(dirname(path), { recursive: true })
  const partial = `${path}.partial`
  const mediaFiles: Manifest['mediaFiles'] = []
  try {
    const pack = tar.pack()
    const written = pipeline(pack, createGzip(), createWriteStream(partial))
    const database = env.isMongo ? 'mongodb' : 'sqlite'
    if (env.isMongo) {
      for (const [file, content] of await dumpMongo(payload)) await addEntry(pack, `mongodb/${file}`, content)
    } else {
      const copy = `${partial}.db`
      try {
        await snapshotSqlite(copy)
        await addFile(pack, 'database.db', copy)
      } finally {
        rmSync(copy, { force: true })
      }
    }
    for (const file of listMedia()) {
      const bytes = await addFile(pack, `media/${file}`, join(mediaDir, file)).catch(skipIfGone)
      if (bytes !== undefined) mediaFiles.push({ name: file, bytes })
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      kind,
      createdAt: new Date().toISOString(),
      build: RELEASE.build,
      version: RELEASE.version,
      database,
      media: mediaFiles.length,
      mediaFiles,
    }
    await addEntry(pack, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)))
    pack.finalize()
    await written
    renameSync(partial, path)
  } finally {
    rmSync(partial, { force: true })
  }
  const bytes = statSync(path).size
  let location = path
  let storeFailure: string | undefined
  if (remote) {
    try {
      location = await remote.put(name, path)
      rmSync(path, { force: true })
    } catch (err) {
      storeFailure = err instanceof Error ? err.message : String(err)
      payload.logger.error({ msg: `The backup storage refused the backup: it is kept on this server instead, ${path}`, err })
    }
  }
  if (!options.target) await keepLast(kind, storeFailure ? null : remote)
  const result: BackupResult = { name, location, bytes, media: mediaFiles.length, ...(storeFailure ? { storeFailure } : {}) }
  if (kind === 'backup') await recordState(payload, LAST_BACKUP_KEY, JSON.stringify(result))
  return result
}

/** The scheduled backup (cms/start.ts): one archive, the oldest beyond BACKUP_KEEP removed, a log line either way. */
export async function scheduledBackup(payload: Payload): Promise<void> {
  try {
    const result = await createBackup(payload)
    payload.logger.info({ msg: `Backup written: ${result.location}`, bytes: result.bytes, media: result.media })
  } catch (err) {
    payload.logger.error({ msg: 'The scheduled backup failed (/healthz turns 503 after two missed intervals)', err })
    // For the admins' Overview: why, until the next backup succeeds.
    const reason = err instanceof Error ? err.message : String(err)
    await recordState(payload, LAST_FAILURE_KEY, reason.slice(0, 500)).catch(() => undefined)
  }
}

/**
 * When the next scheduled backup is due after `now`: each day at BACKUP_AT o'clock in the club's time zone, then every
 * BACKUP_EVERY_HOURS until the next day's BACKUP_AT (nightly at 3 by default; with 6 hours at 3, 9, 15 and 21). Each
 * day starts again from its own BACKUP_AT, so the hour stays put across daylight saving time. An interval longer
 * than a day counts on from the last day's BACKUP_AT.
 */
export function nextBackupAt(
  now: number,
  { everyHours, atHour, timeZone } = { everyHours: env.BACKUP_EVERY_HOURS, atHour: env.BACKUP_AT, timeZone: env.CLUB_TIME_ZONE },
): number {
  const intervalMs = everyHours * 3_600_000
  const anchorOf = (day: string, shift = 0) => {
    const shifted = new Date(Date.parse(`${day}T12:00:00Z`) + shift * 86_400_000).toISOString().slice(0, 10)
    return zonedTimeToUtc(shifted, atHour * 60, timeZone).getTime()
  }
  const today = todayIn(timeZone, now)
  // The last BACKUP_AT at or before now, and the one after it.
  const anchor = anchorOf(today) <= now ? anchorOf(today) : anchorOf(today, -1)
  const following = anchorOf(todayIn(timeZone, anchor), 1)
  const next = anchor + (Math.floor((now - anchor) / intervalMs) + 1) * intervalMs
  if (everyHours > 24) return next
  // A time whose interval would run past the next BACKUP_AT (by more than a daylight saving hour) gives way to it.
  return next < following && next + intervalMs <= following + 3_600_000 ? next : following
}

/** The Overview's summary of the backups, and the last archive's name. */
export type BackupStatus = BackupSummary & { name: string | null }

/** The backups' state, as /healthz and the admins' Overview show it. */
export async function backupStatus(payload: Payload, now = Date.now()): Promise<BackupStatus> {
  const [written, failed, restoredRow] = await Promise.all([
    readState(payload, LAST_BACKUP_KEY),
    readState(payload, LAST_FAILURE_KEY),
    readState(payload, RESTORED_KEY),
  ])
  const last = isoOf(written?.dueAt)
  const failedAt = isoOf(failed?.dueAt)
  const restoredAt = isoOf(restoredRow?.dueAt)
  // Before this record held JSON it held the archive's name alone.
  const result = ((): Partial<BackupResult> => {
    try {
      return JSON.parse(written?.stamp ?? '{}') as Partial<BackupResult>
    } catch {
      return { name: written?.stamp ?? undefined }
    }
  })()
  const intervalMs = env.BACKUP_EVERY_HOURS * 3_600_000
  // Two intervals without a backup, counted from the last one (or the restore that put this data back, when later)
  // or, before any, from this process's start.
  const since = Math.max(last ? Date.parse(last) : now - process.uptime() * 1000, restoredAt ? Date.parse(restoredAt) : 0)
  const failedLast = failedAt !== null && (last === null || failedAt > last)
  return {
    last,
    name: result.name ?? null,
    location: result.location ?? null,
    bytes: result.bytes ?? null,
    overdue: intervalMs > 0 && now - since > 2 * intervalMs,
    everyHours: env.BACKUP_EVERY_HOURS,
    atHour: env.BACKUP_AT,
    timeZone: env.CLUB_TIME_ZONE,
    keep: env.BACKUP_KEEP,
    failedAt: failedLast ? failedAt : null,
    failure: failedLast ? (failed?.stamp ?? null) : null,
    storeFailure: result.storeFailure ?? null,
    restored:
      restoredAt && restoredRow?.stamp && (last === null || restoredAt >= last) ? { name: restoredRow.stamp, at: restoredAt } : null,
  }
}

type StateRow = { stamp?: string | null; dueAt?: string | Date | null } | null
/** A date field as an ISO string, whichever form the adapter hands it in. */
const isoOf = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null)
const readState = async (payload: Payload, key: string) =>
  (await payload.db.findOne({ collection: SERVER_STATE_COLLECTION, where: { key: { equals: key } } })) as StateRow

async function recordState(payload: Payload, key: string, stamp: string) {
  await upsertByKey(payload, SERVER_STATE_COLLECTION, key, { stamp, dueAt: new Date().toISOString() })
}

/** Uploaded files, relative to `root`; `.deleting` holds files being deleted (cms/collections/mediaLife.ts). */
function listMedia(root = mediaDir, dir = root): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === '.deleting') return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return listMedia(root, path)
    return entry.isFile() ? [relative(root, path).split(sep).join('/')] : []
  })
}

const skipIfGone = (err: NodeJS.ErrnoException): undefined => {
  // Deleted while the backup ran: it is no longer part of the site.
  if (err.code !== 'ENOENT') throw err
  return undefined
}

function addEntry(pack: tar.Pack, name: string, content: Buffer): Promise<void> {
  return new Promise((done, fail) => pack.entry({ name, mode: 0o600 }, content, (err) => (err ? fail(err) : done())))
}

/** Adds a file as it is now; resolves to its size. */
async function addFile(pack: tar.Pack, name: string, path: string): Promise<number> {
  const { size, mtime } = statSync(path)
  if (size === 0) return addEntry(pack, name, Buffer.alloc(0)).then(() => 0)
  // Exactly the size in the header, even if the file grows meanwhile.
  const source = createReadStream(path, { start: 0, end: size - 1 })
  await new Promise<void>((done, fail) => {
    const entry = pack.entry({ name, size, mtime, mode: 0o600 }, (err) => (err ? fail(err) : done()))
    pipeline(source, entry).catch(fail)
  })
  return size
}

type MongoCollection = {
  find: (filter: object, options?: object) => AsyncIterable<object>
  insertMany: (docs: object[], options?: object) => Promise<unknown>
  listIndexes: () => { toArray: () => Promise<Array<Record<string, unknown>>> }
  createIndexes: (specs: object[]) => Promise<unknown>
}
type MongoDb = {
  listCollections: () => { toArray: () => Promise<Array<{ name: string; type?: string }>> }
  collection: (name: string) => MongoCollection
  dropCollection: (name: string) => Promise<unknown>
}
type MongoSession = { endSession: () => Promise<void> }
type MongoConnection = { db: MongoDb; getClient: () => { startSession: (options?: object) => MongoSession } }

/** Payload's MongoDB adapter keeps mongoose's connection; `.db` is the driver's Db (mongodb 6). */
const mongoOf = (payload: Payload) => (payload.db as unknown as { connection: MongoConnection }).connection

const dataCollections = async (db: MongoDb) =>
  (await db.listCollections().toArray()).filter((c) => c.type !== 'view' && !c.name.startsWith('system.')).map((c) => c.name)

/**
 * Every collection of the database as files: `<name>.ejson`, canonical Extended JSON a line (types kept: ObjectId,
 * Date, Decimal128), and `<name>.indexes.json`, its indexes as listIndexes gives them.
 */
async function dumpMongo(payload: Payload): Promise<Array<[string, Buffer]>> {
  const { EJSON } = (await import('mongodb')).BSON
  const connection = mongoOf(payload)
  const read = async (session?: MongoSession) => {
    const dump: Array<[string, Buffer]> = []
    for (const name of await dataCollections(connection.db)) {
      const collection = connection.db.collection(name)
      const lines: string[] = []
      // promoteValues off: a double stays a double (5.0 would come back as a JS number, written as an int32), a long a long.
      for await (const doc of collection.find({}, { promoteValues: false, ...(session ? { session } : {}) }))
        lines.push(`${EJSON.stringify(doc, { relaxed: false })}\n`)
      dump.push([`${name}.ejson`, Buffer.from(lines.join(''))])
      // Extended JSON too: an index's options may hold typed values (a partial filter's date).
      dump.push([`${name}.indexes.json`, Buffer.from(EJSON.stringify(await collection.listIndexes().toArray(), { relaxed: false }))])
    }
    return dump
  }
  // One point in time for every collection: a snapshot session (a replica set of MongoDB 5+, as compose runs it).
  // startSession does not check the server; the first read does. A standalone or older server refuses it, and a
  // read that outlasts the server's snapshot window (5 minutes) fails: then each collection is read as it is.
  const session = connection.getClient().startSession({ snapshot: true })
  try {
    return await read(session)
  } catch (err) {
    payload.logger.warn({ msg: 'Backup: no snapshot read on this MongoDB, each collection is read as it is', err })
    return await read()
  } finally {
    await session.endSession()
  }
}

/**
 * Puts a backup back: the database and the uploads become the archive's. The archive is read and checked whole first
 * (checkArchive): until it passes, nothing live is touched. Then what was there is moved aside to
 * data/before-restore-<time>/, not deleted, and the archive's moved in; a move that fails puts everything back as it
 * was. The restored database's backup status names this archive (the last backup of what is now live). The server
 * must be stopped (docs/DEPLOY.md "Restore"). `backup` is a file, or an archive's name in data/backups or in the S3
 * storage.
 */
export async function restoreBackup(backup: string, connect: () => Promise<Payload>): Promise<{ restored: string; aside: string }> {
  const archive = await locateBackup(backup)
  const staging = join(dataDir(), `.restore-${timestamp()}`)
  const aside = join(dataDir(), `before-restore-${timestamp()}`)
  try {
    await extract(archive.path, staging).catch((err: Error) => {
      throw new BackupProblem(`${archive.name} is damaged: it cannot be read whole (${err.message}). Nothing was changed.`)
    })
    const checked = await checkArchive(archive.name, staging)
    const restored = { name: archive.name, location: archive.downloaded ? archive.name : archive.path, bytes: statSync(archive.path).size }
    mkdirSync(join(staging, 'media'), { recursive: true })
    const mediaMoves: Array<[string, string]> = [
      [mediaDir, join(aside, 'media')],
      [join(staging, 'media'), mediaDir],
    ]
    if (env.isMongo) {
      const payload = await connect()
      try {
        // What is there now is kept aside, as a database file would be.
        mkdirSync(join(aside, 'mongodb'), { recursive: true })
        const current = await dumpMongo(payload)
        for (const [file, content] of current) await writeFile(join(aside, 'mongodb', file), content)
        const undoMedia = moveAll(mediaMoves, aside)
        try {
          await loadMongo(payload, checked.mongo!)
        } catch (err) {
          // Put back what was there (read a moment ago), then say why.
          await loadMongo(payload, await readMongoDump(current)).catch(() => undefined)
          undoMedia()
          throw new BackupProblem(
            `Restore failed while loading the database (${(err as Error).message}); the data as it was is back (and in ${aside}).`,
          )
        }
        await markRestored(payload, restored, checked.manifest)
      } finally {
        await payload.destroy()
      }
    } else {
      await markRestoredSqlite(join(staging, 'database.db'), restored, checked.manifest)
      const target = sqlitePath()
      moveAll(
        [
          ...['', '-wal', '-shm'].map((suffix): [string, string] => [target + suffix, join(aside, basename(target) + suffix)]),
          [join(staging, 'database.db'), target],
          ...mediaMoves,
        ],
        aside,
      )
    }
    return { restored: archive.name, aside }
  } finally {
    rmSync(staging, { recursive: true, force: true })
    if (archive.downloaded) rmSync(archive.path, { force: true })
  }
}

/**
 * Renames each [from, to] whose `from` exists, in order; if one fails, those done are undone (newest first), so the
 * live data is exactly as it was, and the reason is said. Returns the undo, for a later step that fails.
 */
function moveAll(moves: Array<[string, string]>, aside: string): () => void {
  const done: Array<[string, string]> = []
  const undo = () => {
    for (const [from, to] of done.reverse()) renameSync(to, from)
    if (existsSync(aside) && readdirSync(aside).length === 0) rmdirSync(aside)
  }
  try {
    mkdirSync(aside, { recursive: true })
    for (const [from, to] of moves) {
      if (!existsSync(from)) continue
      renameSync(from, to)
      done.push([from, to])
    }
  } catch (err) {
    undo()
    throw new BackupProblem(`Restore failed while moving files (${(err as Error).message}); the live data was put back as it was.`)
  }
  return undo
}

type CheckedArchive = { manifest: Manifest; mongo?: MongoDump }

/**
 * Everything a restore needs, checked before anything live is touched: a manifest of this site's format for this
 * kind of database; a database that opens and passes SQLite's integrity check (or, on MongoDB, every document that
 * parses), and that no newer release has upgraded (this build could not run it); the uploaded files the manifest
 * lists, each of its size (older archives give their number only). Anything else is said, and nothing changed.
 */
async function checkArchive(name: string, staging: string): Promise<CheckedArchive> {
  const refuse = (why: string): never => {
    throw new BackupProblem(`${name} cannot be restored: ${why}. Nothing was changed.`)
  }
  const manifest = await readFile(join(staging, 'manifest.json'), 'utf8').then(
    (text) => JSON.parse(text) as Partial<Manifest>,
    () => ({}) as Partial<Manifest>,
  )
  if (manifest.format !== ARCHIVE_FORMAT) refuse('it is not a backup of this site (no manifest.json of format 1)')
  const database = env.isMongo ? 'mongodb' : 'sqlite'
  if (manifest.database !== database)
    throw new BackupProblem(`${name} holds a ${manifest.database} database, but DATABASE_URI names ${database}. Nothing was changed.`)
  const { applied, upgradedBy, mongo } =
    database === 'sqlite' ? await readArchivedSqlite(staging, refuse) : await readArchivedMongo(staging, refuse)
  const newer = await newerSchemaProblem(applied, async () => parseRelease(upgradedBy))
  if (newer) refuse(`${newer}; restore it with that release`)
  const files = new Map(listMedia(join(staging, 'media')).map((file) => [file, statSync(join(staging, 'media', file)).size]))
  if (manifest.mediaFiles) {
    const missing = manifest.mediaFiles.filter((f) => files.get(f.name) !== f.bytes)
    if (missing.length)
      refuse(`${missing.length} of its ${manifest.mediaFiles.length} uploaded files are missing or cut short (${missing[0].name})`)
  }
  // An archive from before 1.1.0 gives only a count, taken before its files were read (a photo deleted meanwhile made
  // it one too many): not a sign of damage, so it is not checked.
  return { manifest: manifest as Manifest, mongo }
}

/** What an archive's database says of its schema: the migrations applied, and the release that applied them. */
type ArchivedDatabase = { applied: string[]; upgradedBy: string | null; mongo?: MongoDump }

async function readArchivedSqlite(staging: string, refuse: (why: string) => never): Promise<ArchivedDatabase> {
  const file = join(staging, 'database.db')
  if (!existsSync(file)) refuse('it holds no database (database.db is missing)')
  const db = createClient({ url: pathToFileURL(file).href })
  try {
    const check = await db.execute('PRAGMA integrity_check').catch((err: Error) => refuse(`its database.db does not open (${err.message})`))
    if (check.rows[0]?.[0] !== 'ok') refuse(`its database.db is damaged (${String(check.rows[0]?.[0])})`)
    const migrated = await db.execute('SELECT name FROM payload_migrations').catch(() => refuse('its database.db is not this site’s'))
    const release = await db.execute({ sql: 'SELECT stamp FROM server_state WHERE key = ?', args: [RELEASE_KEY] })
    return { applied: migrated.rows.map((row) => String(row.name)), upgradedBy: (release.rows[0]?.stamp ?? null) as string | null }
  } finally {
    db.close()
  }
}

async function readArchivedMongo(staging: string, refuse: (why: string) => never): Promise<ArchivedDatabase> {
  const dir = join(staging, 'mongodb')
  if (!existsSync(dir) || !readdirSync(dir).some((f) => f.endsWith('.ejson'))) refuse('it holds no database (mongodb/ is empty)')
  const mongo = await readMongoFiles(dir).catch((err: Error) => refuse(`its database does not read (${err.message})`))
  const state = [...mongo.values()].flatMap(({ docs }) => docs as Array<{ key?: unknown; stamp?: unknown }>)
  const stampOf = (key: string) => {
    const stamp = state.find((doc) => doc.key === key)?.stamp
    return typeof stamp === 'string' ? stamp : null
  }
  const upgraded = stampOf('upgrade:migrations')
  return { applied: upgraded ? (JSON.parse(upgraded) as string[]) : [], upgradedBy: stampOf(RELEASE_KEY), mongo }
}

type RestoredArchive = { name: string; location: string; bytes: number }

/** What the restored database says about its backups: its last one is the archive it came from, made when it was. */
const restoredState = (archive: RestoredArchive, manifest: Manifest): Array<[string, string, string]> => [
  [LAST_BACKUP_KEY, JSON.stringify({ ...archive, media: manifest.media }), manifest.createdAt],
  [RESTORED_KEY, archive.name, new Date().toISOString()],
]

/** Written into the staged copy before it moves in: the live database changes only by the move. */
async function markRestoredSqlite(file: string, archive: RestoredArchive, manifest: Manifest): Promise<void> {
  const db = createClient({ url: pathToFileURL(file).href })
  try {
    await db.execute({ sql: 'DELETE FROM server_state WHERE key = ?', args: [LAST_FAILURE_KEY] })
    for (const [key, stamp, at] of restoredState(archive, manifest))
      await db.execute({
        sql: 'INSERT INTO server_state (id, key, stamp, due_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET stamp = excluded.stamp, due_at = excluded.due_at',
        args: [randomUUID(), key, stamp, at],
      })
  } finally {
    db.close()
  }
}

async function markRestored(payload: Payload, archive: RestoredArchive, manifest: Manifest): Promise<void> {
  await payload.db.deleteMany({ collection: SERVER_STATE_COLLECTION, where: { key: { equals: LAST_FAILURE_KEY } } })
  for (const [key, stamp, at] of restoredState(archive, manifest))
    await upsertByKey(payload, SERVER_STATE_COLLECTION, key, { stamp, dueAt: at })
}

async function locateBackup(backup: string): Promise<{ path: string; name: string; downloaded: boolean }> {
  for (const path of [resolve(backup), join(backupsDir(), backup)])
    if (existsSync(path) && statSync(path).isFile()) return { path, name: basename(path), downloaded: false }
  const remote = s3Store()
  if (!remote) throw new BackupProblem(`No backup at ${resolve(backup)} nor in ${backupsDir()}.`)
  const path = join(backupsDir(), `.download-${timestamp()}`)
  mkdirSync(backupsDir(), { recursive: true })
  await remote.get(basename(backup), path)
  return { path, name: basename(backup), downloaded: true }
}

/** Unpacks into `dir`, refusing any name that would leave it. */
async function extract(archive: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true })
  const extractor = tar.extract()
  extractor.on('entry', (header, stream, next) => {
    const target = resolve(dir, header.name)
    if (header.type !== 'file' || !target.startsWith(dir + sep)) {
      stream.resume()
      stream.on('end', next)
      return
    }
    mkdirSync(dirname(target), { recursive: true })
    pipeline(stream, createWriteStream(target)).then(() => next(), next)
  })
  await pipeline(createReadStream(archive), createGunzip(), extractor)
}

type MongoDump = Map<string, { docs: object[]; indexes: Array<Record<string, unknown>> }>

/** A MongoDB dump's files (`<collection>.ejson`, `<collection>.indexes.json`), every line parsed. */
async function readMongoFiles(dir: string): Promise<MongoDump> {
  const files: Array<[string, Buffer]> = []
  for (const file of readdirSync(dir)) files.push([file, await readFile(join(dir, file))])
  return readMongoDump(files)
}

async function readMongoDump(files: Array<[string, Buffer]>): Promise<MongoDump> {
  const { EJSON } = (await import('mongodb')).BSON
  const byName = new Map(files)
  const dump: MongoDump = new Map()
  for (const [file, content] of files) {
    if (!file.endsWith('.ejson')) continue
    const name = file.slice(0, -'.ejson'.length)
    const docs = content
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => EJSON.parse(line, { relaxed: false }) as object)
    // Relaxed: the driver takes an index's directions as plain numbers, not Int32.
    const indexes = EJSON.parse(byName.get(`${name}.indexes.json`)?.toString('utf8') ?? '[]', { relaxed: true }) as Array<
      Record<string, unknown>
    >
    dump.set(name, { docs, indexes })
  }
  return dump
}

/**
 * Replaces every collection with the dump's, with the indexes it had (unique ones included, as the server's
 * checks rely on them); the server adds any index a newer version defines at its next start (ensureIndexes).
 */
async function loadMongo(payload: Payload, dump: MongoDump): Promise<void> {
  const { db } = mongoOf(payload)
  for (const name of await dataCollections(db)) await db.dropCollection(name)
  for (const [name, { docs, indexes }] of dump) {
    // Created by its first insert or index (not by createCollection, which fails on a collection an index build
    // of the starting adapter may have made again meanwhile).
    for (let i = 0; i < docs.length; i += 1000) await db.collection(name).insertMany(docs.slice(i, i + 1000))
    // _id's index comes with the collection; `v` and `ns` describe the server's copy, not the index.
    const specs = indexes.filter((index) => index.name !== '_id_').map(({ v: _v, ns: _ns, ...spec }) => spec)
    if (specs.length) await db.collection(name).createIndexes(specs)
  }
}

/**
 * Keeps the newest BACKUP_KEEP archives of a kind (names sort by time) in the S3 storage (when it took this one) and
 * here: those kept here while the storage refused stay within the same number.
 */
async function keepLast(kind: BackupKind, remote: S3Store | null) {
  const ofKind = (names: string[]) =>
    names
      .filter((n) => n.startsWith(`${kind}-`) && n.endsWith('.tar.gz'))
      .sort()
      .slice(0, -env.BACKUP_KEEP)
  if (remote) for (const name of ofKind(await remote.list())) await remote.delete(name)
  if (existsSync(backupsDir())) for (const name of ofKind(readdirSync(backupsDir()))) rmSync(join(backupsDir(), name), { force: true })
}

/** Why a backup or restore did nothing, said to whoever asked. */
export class BackupProblem extends Error {}

type S3Store = ReturnType<typeof s3Store> & object

/**
 * S3-compatible storage (AWS S3, Backblaze B2, Cloudflare R2, MinIO…) through signed requests (aws4fetch, AWS
 * Signature V4), at BACKUP_S3_URL: path style, `https://<endpoint>/<bucket>[/<folder>]`.
 */
function s3Store() {
  if (!env.BACKUP_S3_URL) return null
  const client = new AwsClient({
    accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
    secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
    service: 's3',
    region: env.BACKUP_S3_REGION || undefined,
    retries: 2,
  })
  const base = new URL(env.BACKUP_S3_URL.replace(/\/*$/, '/'))
  const [bucket, ...folder] = base.pathname.split('/').filter(Boolean)
  const prefix = folder.map((part) => `${part}/`).join('')
  const objectUrl = (name: string) => new URL(encodeURIComponent(name), base).href
  const ask = async (url: string, init: RequestInit & { duplex?: 'half' } = {}) => {
    const response = await client.fetch(url, init).catch((err: Error & { cause?: { code?: string; message?: string } }) => {
      // fetch says "fetch failed"; its cause says why (ECONNREFUSED, ENOTFOUND, a certificate…).
      throw new BackupProblem(`S3 storage at ${new URL(url).host} did not answer: ${err.cause?.code ?? err.cause?.message ?? err.message}`)
    })
    if (!response.ok)
      throw new BackupProblem(
        `S3 storage answered ${response.status} to ${init.method ?? 'GET'} ${url}: ${(await response.text()).slice(0, 300)}`,
      )
    return response
  }
  return {
    async put(name: string, file: string) {
      await ask(objectUrl(name), {
        method: 'PUT',
        headers: { 'Content-Length': String(statSync(file).size), 'Content-Type': 'application/gzip' },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        duplex: 'half',
      })
      return objectUrl(name)
    },
    async get(name: string, file: string) {
      const response = await ask(objectUrl(name))
      await writeFile(file, Readable.fromWeb(response.body as import('node:stream/web').ReadableStream))
    },
    async list(): Promise<string[]> {
      const url = new URL(`/${bucket}`, base)
      url.searchParams.set('list-type', '2')
      url.searchParams.set('prefix', prefix)
      const xml = await (await ask(url.href)).text()
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1].slice(prefix.length)).filter((n) => !n.includes('/'))
    },
    async delete(name: string) {
      await ask(objectUrl(name), { method: 'DELETE' })
    },
  }
}
