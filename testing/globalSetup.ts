import { build, buildIfOutdated } from '../scripts/build.mjs'

/**
 * Browser tests run against the production builds, as visitors get them: the
 * site is rebuilt every run (a second), Payload's admin (Next, a minute or two
 * on 2 cores) only when its sources changed.
 */
export default async function setup() {
  if (!process.env.MONGODB_URI) console.log('MongoDB API suite skipped: set MONGODB_URI to run the API tests against MongoDB too.')
  build('site')
  buildIfOutdated('admin')
}
