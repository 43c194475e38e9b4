import { networkInterfaces } from 'node:os'
import type { Payload } from 'payload'
import { env } from '../env'

/** compose's network (docker-compose.yml): its gateway and Caddy, what .env.example's TRUST_PROXY names. */
const COMPOSE_ADDRESS = /^172\.28\.0\.\d+$/

/**
 * The app container of docker-compose.yml has an address on compose's network: there its proxy addresses mean
 * something, and every interface is the container's own (compose publishes the port on 127.0.0.1 only).
 */
const inCompose = () =>
  Object.values(networkInterfaces())
    .flat()
    .some((address) => address && COMPOSE_ADDRESS.test(address.address))

/** The club's contact address (site text Contact · Email), where contact and sponsor notices go; '' when unset. */
export async function clubContactAddress(payload: Payload): Promise<string> {
  const { docs } = await payload.find({
    collection: 'site-content',
    where: { and: [{ section: { equals: 'contact' } }, { key: { equals: 'email' } }] },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  return String(docs[0]?.value ?? '').trim()
}

/**
 * Settings a server starts with that work but mislead, one sentence each (cms/start.ts logs each as a warning line):
 * what goes wrong, and what to set. Those only a request can show (forwarded headers from an address TRUST_PROXY
 * does not name) are said at the first such request (cms/security/clientAddress.ts).
 */
export async function misleadingSettings(payload: Payload, { newDatabase }: { newDatabase: boolean }): Promise<string[]> {
  const warnings: string[] = []
  const compose = inCompose()
  const proxies = (env.TRUST_PROXY ?? '').split(',').map((part) => part.trim())
  if (!compose && proxies.some((part) => COMPOSE_ADDRESS.test(part)))
    warnings.push(
      `TRUST_PROXY=${env.TRUST_PROXY} names compose's addresses, but this server does not run in compose's network: a proxy on this machine connects from 127.0.0.1, so every visitor would share its rate limits. Set TRUST_PROXY=loopback (docs/DEPLOY.md "Without Docker").`,
    )
  if (env.isProduction && !compose && ['', '0.0.0.0', '::'].includes(env.HOST))
    warnings.push(
      `The server listens on every interface${env.HOST ? ` (HOST=${env.HOST})` : ' (HOST is not set)'}: anyone can reach it at port ${env.PORT} over plain HTTP, around the HTTPS proxy. Set HOST=127.0.0.1 with the proxy on this machine (docs/DEPLOY.md "Without Docker").`,
    )
  if (!(await clubContactAddress(payload)))
    warnings.push(
      'No club contact address (admin Content → Contact · Email): contact messages and sponsor applications are kept, but their email notices wait until one is set.',
    )
  if (env.isProduction && newDatabase)
    warnings.push(
      `Started on a new, empty database (${env.isMongo ? 'MongoDB' : env.DATABASE_URI}): expected on a first start; if this site had data, stop it now, DATABASE_URI does not name that data (UPGRADING.md).`,
    )
  return warnings
}
