import type { DomainModel } from '../collections'
import { ContactMessages } from './collections/ContactMessages'
import { SponsorApplications } from './collections/SponsorApplications'

/** The inbox's data model: what payload.config.ts takes (docs/decisions/017). An approved application makes a sponsorship, by slug (./rules.ts). */
export const inboxModel: DomainModel = {
  name: 'inbox',
  collections: [ContactMessages, SponsorApplications],
}
