import { withPayload } from '@payloadcms/next/withPayload'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Payload's admin, built with `next build cms/admin` and served by our Express
 * server (cms/admin/next.ts). Payload, the database drivers and sharp stay
 * outside Next's bundle, and its imports of Payload lead to the server's own
 * (cms/admin/payloadForNext.mjs): the process then holds one Payload instance and
 * one database connection, shared by /api and /admin (cms/admin/admin.api.test.ts).
 * The MongoDB adapter is bundled, so that its own imports of Payload lead there too.
 * The SQLite adapter is bundled, as Payload's own builds do (withPayload leaves it
 * out only in development) and as the server's bundle does (scripts/build.mjs):
 * loaded from node_modules it cost the admin's first load about 1 CPU s on Node 24.
 */
const config = withPayload({
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
  serverExternalPackages: ['payload', '@libsql/client', 'libsql', 'sharp', 'mongoose', 'mongodb'],
  // `npm run typecheck` checks these files with the rest of the project.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Turbopack's build cache (about 140 MB) speeds up the next build here; a CI run builds once on a clean
    // clone, and writing it cost 14 of 78 CPU s there (docs/SCALING.md, "The test suite's time").
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // The server's code is not minified and has no source maps (the image deleted them anyway): its errors read as
    // written, the build costs about 10 of 48 CPU s less, and a server's first admin page costs the same (ten starts
    // each way, docs/SCALING.md). The browser's code is minified as before.
    turbopackMinify: { server: false, client: true },
    turbopackSourceMaps: false,
  },
  poweredByHeader: false,
  productionBrowserSourceMaps: false,
})

/**
 * Payload sends Accept-CH for the browser's colour scheme (later requests carry it, and the admin is rendered in the
 * system's theme) and also marks it Critical-CH, which makes a browser that has not seen our Accept-CH yet throw the
 * first answer away and ask again. Chromium asks again without the hint all the same (tried with the Chromium the
 * tests use), so a first visit to /admin cost two renders and a round trip for nothing: 10 first visits took our
 * server 7.5 CPU s with Critical-CH, 6.3 without. e2e/admin-auth.test.ts checks both visits.
 */
const { headers } = config
config.headers = async () =>
  (await headers()).map((rule) => ({ ...rule, headers: rule.headers.filter(({ key }) => key.toLowerCase() !== 'critical-ch') }))

export default config
