# Production image: builds the site and Payload's admin (Next), then runs the compiled server as the unprivileged
# `node` user. Node 24 (the current LTS; README "Supported Node versions"). testing/docker.unit.test.ts checks the
# rules below (non-root, writable data directory, health check, runtime-only packages), since CI cannot run Docker here.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The commit this image is built from, written into the build (dist/build.json; /healthz reports it): part of the
# image, so an empty `BUILD_ID=` in a club's .env cannot hide it.
ARG BUILD_ID=dev
# Turbopack's build cache (about 280 MB) is only for rebuilding, and the server chunks' source maps (31 MB) only for
# reading stack traces by hand: neither reaches the final stage.
RUN npm run build && rm -rf cms/admin/.next/cache && find cms/admin/.next -name '*.map' -delete

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
COPY package.json package-lock.json ./
# Production dependencies only, then the build-time tools some of them pull in (compilers, type checker, schema
# generator): the server is compiled (dist/server.mjs) and the admin is built, so nothing compiles at run time.
# monaco-editor (105 MB) goes too: Payload's code editor loads Monaco in the browser from a CDN, nothing imports it.
# prettier stays: @payloadcms/db-sqlite loads payload/node's type generator (json-schema-to-typescript), which
# requires prettier as it loads. Of DejaVu's 22 fonts (12 MB) the PDFs embed one, DejaVuSans.ttf, and of Noto Sans
# CJK's 12 weights (71 MB) the Regular of each (13 MB) (cms/email/pdf.ts).
# Then what no running process reads: source maps (181 MB: Node reads them only with --enable-source-maps), type
# definitions, documents, and Next's development runtimes (`next dev` alone loads them).
# `npm run check:image` proves the result starts (docs/SCALING.md, "The image").
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts \
  && rm -rf node_modules/typescript node_modules/@next/swc-* node_modules/drizzle-kit node_modules/esbuild \
    node_modules/@esbuild node_modules/@esbuild-kit node_modules/esbuild-register node_modules/tsx \
    node_modules/@types node_modules/monaco-editor node_modules/next/dist/docs \
  && find node_modules/dejavu-fonts-ttf/ttf -type f ! -name DejaVuSans.ttf -delete \
  && find node_modules/@embedpdf -name '*.otf' ! -name '*-Regular.otf' -delete \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \
    -o -iname '*.md' -o -path 'node_modules/next/dist/compiled/next-server/*.runtime.dev.js' \) -delete \
  && npm cache clean --force
COPY --from=build /app/site/dist ./site/dist
COPY --from=build /app/site/dist-server ./site/dist-server
COPY --from=build /app/dist ./dist
# Payload's admin: Next's build and its config, read by next() at start (cms/admin/next.ts).
COPY --from=build /app/cms/admin/.next ./cms/admin/.next
COPY cms/admin/next.config.mjs ./cms/admin/
# The code stays root-owned (read-only to the server). What the server writes is under /app/data, owned by `node`:
# the SQLite database (the default DATABASE_URI), uploads (data/media) and backups (data/backups); compose mounts a
# named volume there. Next may keep a cache beside its build. Only these new, empty directories change owner: no
# `chown -R` rewrites (and doubles in a layer) the files copied above.
RUN mkdir -p /app/data/media /app/data/backups /app/cms/admin/.next/cache \
  && chown node:node /app/data /app/data/media /app/data/backups /app/cms/admin/.next/cache
USER node
EXPOSE 3000
# /healthz: the database answers, migrations are applied (cms/http/health.ts). No curl in the slim image: node's fetch.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The compiled server (scripts/build.mjs): nothing is transpiled or built at start.
CMD ["node", "dist/server.mjs"]
