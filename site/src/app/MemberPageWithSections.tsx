import MemberPage from '../features/membership/pages/MemberPage'
import { MemberVolunteering } from '../features/volunteers/components/MemberVolunteering'

/**
 * /member with the other domains' sections on it: the membership's page, the volunteers' hours and sign-ups (their
 * data comes with the page: cms/domains.ts `site.personalData`). The site's root composes features; a feature never
 * imports another.
 */
export default function MemberPageWithSections() {
  return <MemberPage sections={[MemberVolunteering]} />
}
