import { createServer, type Server } from 'node:http'
import { getPayload } from 'payload'
import config from '../payload.config'
import { createApp } from './app'
import { migrateDatabase } from './db/migrate'
import { seedDatabase } from './db/seed'
import { withFastPath } from './site/render'
import { env } from './env'

export async function startServer(): Promise<Server> {
  const payload = await getPayload({ config })
  await migrateDatabase(payload)
  if (env.SEED === 'demo') await seedDatabase(payload)

  const app = createApp(payload)
  const server = createServer(withFastPath(app)).listen(env.PORT, () => {
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
