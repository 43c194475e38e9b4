import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * Two builds (scripts/build.mjs): the browser's (dist/) and the server-rendering entry
 * (`--ssr src/entry-server.tsx` → dist-server/, self-contained so the
 * production image needs no front-end packages).
 */
export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: resolve(root, 'src/lib/vendor/useSyncExternalStore.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Public routes must stay small: admin code lives in its own lazy chunk.
    chunkSizeWarningLimit: 300,
    // Every browser the site supports preloads modules natively: no polyfill in the page's first script.
    modulePreload: { polyfill: false },
    // The page's script (src/boot.ts) starts the app (src/main.tsx, its own entry) after the first paint;
    // the server reads main's file name from the manifest.
    manifest: true,
    rollupOptions: {
      input: { index: resolve(root, 'index.html'), main: resolve(root, 'src/main.tsx') },
      output: {
        // React, SWR and the router in one file that changes only when they do: visitors keep it
        // across our releases, and the home page needs just it and main (docs/SCALING.md, Budgets).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|swr|wouter|regexparam|dequal)[\\/]|[\\/]lib[\\/]vendor[\\/]/,
            },
            // The giving pages' buttons (/donate, /qr-donate; LinkButton also /sponsor) in one file, not three
            // of a few hundred bytes each: on a phone over HTTP/1.1 each file beyond the sixth waits for a free
            // connection before the page can come alive (docs/SCALING.md).
            {
              name: 'page-parts',
              test: /[\\/]src[\\/](features[\\/]donate[\\/]components[\\/]DonateOptions|components[\\/]ui[\\/]LinkButton)\./,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  ssr: { noExternal: true },
})
