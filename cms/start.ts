import type { Server } from 'node:http'
import { getPayload } from 'payload'
import config from '../payload.config'
import { pruneAuditLog } from './audit/log'
import { createApp } from './app'
import { migrateDatabase } from './db/migrate'
import { seedDatabase } from './db/seed'
import { env } from './env'

export async function startServer(): Promise<Server> {
  const payload = await getPayload({ config })
  await migrateDatabase(payload)
  if (env.SEED === 'demo') await seedDatabase(payload)
  const prune = () => pruneAuditLog(payload).catch((err) => payload.logger.error({ msg: 'Could not prune the audit log', err }))
  await prune()
  setInterval(prune, 60 * 60_000).unref()

  const app = createApp(payload)
  const server = app.listen(env.PORT, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : env.PORT
    console.log(`Lady Hawks Boosters listening on http://localhost:${port}`)
  })
  server.headersTimeout = 20_000
  server.requestTimeout = 30_000

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    payload.logger.info({ msg: `${signal}: finishing open requests, then closing the database` })
    server.close(async () => {
      await payload.destroy()
      process.exit(0)
    })
    server.closeIdleConnections()
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  return server
}
