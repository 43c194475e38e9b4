import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import config from '../payload.config'
import { adminPanel, warmUpAdmin } from './admin/next'
import { pruneAuditLog } from './audit/log'
import { pruneLoginThrottle } from './auth/throttle'
import { pruneMemberLinks } from './auth/memberLinks'
import { createApp } from './app'
import { migrateDatabase } from './collections/migrate'
import { nextBackupAt, scheduledBackup } from './db/backups'
import { misleadingSettings } from './db/misleadingSettings'
import { seedDatabase } from './db/seed'
import { pruneRateLimits, runOnceAcrossProcesses, SharedRateLimitStore, watchContentStamp } from './db/serverState'
import { domainEmails, domains } from './domains'
import { composeEmail } from './email/messages'
import { startOutbox, stopOutbox } from './outbox/outbox'
import { invalidatePublicCache } from './site/cache'
import { withFastPath } from './site/render'
import { env, StartRefused } from './env'
import { logLine, withAccessLog } from './http/log'
import { warmUpPages } from './http/warmUp'
import { initPayload } from './initPayload'
import { RELEASE } from './release'

export type StartOptions = {
  /** `npm run dev`: serve the site from its sources through Vite, with hot reload (cms/dev/viteDev.ts). */
  dev?: boolean
}

export async function startServer(options: StartOptions = {}): Promise<Server> {
  const payload = await initPayload({ config })
  const { newDatabase } = await migrateDatabase(payload)
  for (const domain of domains) for (const step of domain.startup ?? []) await step(payload)
  const seeded =
    env.SEED === 'demo' &&
    (await seedDatabase(
      payload,
      domains.flatMap((d) => d.seed ?? []),
    ))
  // What works but misleads, one warning line each (cms/db/misleadingSettings.ts).
  for (const warning of await misleadingSettings(payload, { newDatabase: newDatabase && !seeded })) logLine('warn', 'boosters', warning)
  // Hourly, in one of the processes sharing the database (cms/db/serverState.ts).
  await runOnceAcrossProcesses(payload, 'prune', 60 * 60_000, (now) =>
    Promise.all([
      pruneAuditLog(payload, now),
      pruneLoginThrottle(payload, now),
      pruneMemberLinks(payload, now),
      pruneRateLimits(payload, now),
    ]),
  )
  // The database and the uploads, every BACKUP_EVERY_HOURS at BACKUP_AT o'clock (nightly), the first at the first start
  // (and at a start after a missed one), in one process; in the background: a large media folder must not hold the
  // start (cms/db/backups.ts).
  if (env.BACKUP_EVERY_HOURS > 0)
    void runOnceAcrossProcesses(
      payload,
      'backup',
      env.BACKUP_EVERY_HOURS * 3_600_000,
      () => scheduledBackup(payload),
      (now) => nextBackupAt(now),
    )
  for (const domain of domains)
    for (const task of domain.tasks ?? []) await runOnceAcrossProcesses(payload, task.name, task.everyMs, (now) => task.run(payload, now))
  const stopWatching = watchContentStamp(payload, invalidatePublicCache)
  SharedRateLimitStore.use(payload)

  // Each mail's text: the domains' kinds by their own writers, every other kind by the house's (cms/email/messages.ts).
  startOutbox(payload, (p, item) => (domainEmails[item.kind] ?? composeEmail)(p, item))
  const server = createServer()
  const site = options.dev ? await (await import('./dev/viteDev')).viteDevSite(server) : undefined
  server.on('request', withAccessLog(withFastPath(createApp(payload, { site, adminPanel: await adminPanel(payload) }))))
  // An idle connection outlives the proxy's (Caddy keeps one to its upstream for 2 minutes, nginx 60 s): a server that
  // closed first would race the proxy's next request on it and the visitor would get a 502 (or a client a reset).
  server.keepAliveTimeout = 130_000
  server.headersTimeout = 20_000
  server.requestTimeout = 30_000
  // HOST empty: every interface (a container's, published by compose on 127.0.0.1 only).
  server.listen(env.PORT, env.HOST || undefined)
  await once(server, 'listening').catch((err: NodeJS.ErrnoException) => {
    // Most often the site started twice: one line saying so, as every refused start (cms/server.ts).
    if (err.code === 'EADDRINUSE')
      throw new StartRefused(
        `port ${env.PORT} is in use by another program (is the site already running?): stop it, or set PORT to a free port.`,
      )
    throw err
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  logLine('info', 'boosters', `Lady Hawks Boosters ${RELEASE.version} listening on http://${env.HOST || 'localhost'}:${port}`, {
    port,
    version: RELEASE.version,
    build: RELEASE.build,
  })
  // Test servers skip it: most never open the admin, and loading Next costs each about 1.5 CPU s (docs/SCALING.md, "The test suite's time").
  // The public pages first, one after another, the home page leading (rendered and cached for the first visitor, who
  // shares the render if already waiting; they stay cached until a save or the club's next day, cms/site/cache.ts),
  // then the admin: the first page rendered while Next loaded waited for it (the cold start, docs/SCALING.md).
  if (!env.isTest) void warmUpPages(port).then(() => warmUpAdmin(port))

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    payload.logger.info({ msg: `${signal}: finishing open requests, then closing the database` })
    stopOutbox()
    stopWatching()
    server.close(async () => {
      await payload.destroy()
      process.exit(0)
    })
    // A keep-alive connection busy at the signal (the warm-up's own, a proxy's) stays open once its answer is sent,
    // and would hold the close until the 10 s below: each is closed as soon as it is idle.
    server.closeIdleConnections()
    setInterval(() => server.closeIdleConnections(), 50).unref()
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  return server
}
