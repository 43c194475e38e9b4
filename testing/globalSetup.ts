import { build } from 'vite'

/** Browser tests run against the production build, as visitors get it. */
export default async function setup() {
  await build({ configFile: new URL('../site/vite.config.ts', import.meta.url).pathname, logLevel: 'warn' })
}
