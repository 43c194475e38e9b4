import type { DomainModel } from '../collections'
import { Games } from './collections/Games'
import { Pages } from './collections/Pages'
import { SiteContent } from './collections/SiteContent'

/** The website's content: what payload.config.ts takes (docs/decisions/017). The schedule, the site texts and the pages are all public. */
export const contentModel: DomainModel = {
  name: 'content',
  collections: [Games, SiteContent, Pages],
  publicCollections: [Games.slug, SiteContent.slug, Pages.slug],
  photoFields: [
    { collection: 'site-content', upload: 'image', url: 'value' },
    { collection: 'pages', richText: 'body' },
  ],
}
