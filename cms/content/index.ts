import type { Domain } from '../domain'
import { contentAdminApi } from './adminApi'
import { contentModel } from './model'
import { seedContent } from './seed'

/**
 * The website's content (docs/PRODUCT.md): the games' schedule, the site texts and the footer's pages. What the
 * server's root takes from this domain (cms/domains.ts); the public site reads them by slug (cms/site/data.ts).
 */
export const content: Domain = {
  ...contentModel,
  adminApi: contentAdminApi,
  seed: seedContent,
}
