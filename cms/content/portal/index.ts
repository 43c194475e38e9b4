import type { DomainPortal } from '#portal/lib/domainPortal.ts'
import { ContentTab } from './ContentTab'
import { GamesTab } from './GamesTab'

/** The website's part of the portal (a browser bundle, built by Next): the Games tab after Campaigns, and Content, the last; editors' too. */
export const contentPortal: DomainPortal = {
  tabs: [
    { value: 'games', label: 'Games', Panel: GamesTab, editors: true, after: 'campaigns' },
    { value: 'content', label: 'Content', Panel: ContentTab, editors: true, last: true },
  ],
}
