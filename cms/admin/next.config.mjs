import { withPayload } from '@payloadcms/next/withPayload'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Payload's admin, built with `next build cms/admin` and served by our Express
 * server (cms/admin/next.ts). Payload, the database drivers and sharp stay
 * outside Next's bundle: the process then holds one Payload instance and one
 * database connection, shared by /api and /admin (cms/admin/admin.api.test.ts).
 * The SQLite adapter is bundled, as Payload's own builds do (withPayload leaves it
 * out only in development) and as the server's bundle does (scripts/build.mjs):
 * loaded from node_modules it cost the admin's first load about 1 CPU s on Node 24.
 */
export default withPayload({
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
  serverExternalPackages: ['payload', '@payloadcms/db-mongodb', '@libsql/client', 'libsql', 'sharp', 'mongoose'],
  // `npm run typecheck` checks these files with the rest of the project.
  typescript: { ignoreBuildErrors: true },
  // Turbopack's build cache (about 140 MB) speeds up the next build here; a CI run builds once on a clean
  // clone, and writing it cost 14 of 78 CPU s there (issue 37).
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
  poweredByHeader: false,
  productionBrowserSourceMaps: false,
})
