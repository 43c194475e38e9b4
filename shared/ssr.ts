import type { PublicCampaign } from './api'
import type { PublicConfig } from './publicConfig'
import type { PageId, PostedForm } from './publicPages'
import type { SiteText } from './siteContent'

/** What a page's <head> is made from (site/src/app/head.ts). */
export type PageHeadInput = {
  page: PageId
  /** The canonical path of the page ("/donate"). */
  path: string
  siteUrl: string
  text: SiteText
  campaigns?: PublicCampaign[]
  social: string[]
  /** A content page's own title (shared/pages.ts). */
  title?: string
}

/**
 * The server-rendering module (site/src/entry-server.tsx, built to
 * site/dist-server/entry-server.js) as the server imports it
 * (cms/site/template.ts). Declared once: the entry checks it exports this.
 */
export type SsrModule = {
  configure: (config: PublicConfig) => void
  render: (url: string, fallback: Record<string, unknown>, posted?: PostedForm) => string
  pageHead: (input: PageHeadInput) => string
  jsonForHtml: (value: unknown) => string
}
