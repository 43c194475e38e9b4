import useSWR from 'swr'
import type { PageSlug, PublishedPages } from '#shared/pages'
import { CLUB } from '../../lib/club'
import { useSiteText } from '../../lib/siteText'
import { clubYear, useClubLinks } from '../../lib/config'
import { Icon } from '../ui/Icon'
import { SectionLink } from './Header'
import { Logo } from './Logo'

/**
 * A page that does not exist yet (docs/PRODUCT.md, Routes: "dead links"). It stays a real,
 * focusable link so people can find it, but says it is unavailable
 * (aria-disabled) and cancels the click, so it neither navigates nor jumps
 * to the top as a bare href="#" would.
 */
function DeadLink({ children }: { children: string }) {
  return (
    <a href="#" role="link" aria-disabled="true" title="Coming soon" onClick={(e) => e.preventDefault()}>
      {children}
    </a>
  )
}

/**
 * A footer page: a dead link until an editor publishes it in Payload's admin, then a link to /{slug}; or the page
 * that stands for it while open (Join Booster Club → /join once a season with a level on offer is open).
 */
function PageLink({ slug, children }: { slug: PageSlug; children: string }) {
  const { data } = useSWR<PublishedPages>('/api/pages')
  const href = data?.links?.[slug] ?? (data?.slugs.includes(slug) ? `/${slug}` : null)
  return href ? <a href={href}>{children}</a> : <DeadLink>{children}</DeadLink>
}

function Social({ href, label }: { href: string; label: 'Facebook' | 'Instagram' }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className="social">
      <span className="sr-only">Lady Hawks Boosters on {label} (opens in a new tab)</span>
      <Icon name={label === 'Facebook' ? 'facebook' : 'instagram'} className="size-5" />
    </a>
  ) : null
}

export function Footer() {
  const text = useSiteText()
  const { facebookUrl, instagramUrl } = useClubLinks()
  const legalName = text['organization/legalName']
  const ein = text['organization/ein']
  const address = text['organization/address']
  return (
    <footer className="site-footer">
      <div className="wrap footer-grid">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-4 max-w-sm">
            {CLUB.name} is a volunteer-run 501(c)(3) nonprofit supporting the {CLUB.school} girls&apos; basketball program. Donations and
            sponsorships are tax-deductible.
          </p>
          <p className="mt-5 flex gap-3">
            <Social href={facebookUrl} label="Facebook" />
            <Social href={instagramUrl} label="Instagram" />
          </p>
        </div>

        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">Quick Links</h2>
          <ul>
            <li>
              <SectionLink id="about">About Us</SectionLink>
            </li>
            <li>
              <SectionLink id="fundraising">Fundraising</SectionLink>
            </li>
            <li>
              <SectionLink id="team">Meet the Team</SectionLink>
            </li>
            <li>
              <SectionLink id="contact">Contact</SectionLink>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-support">
          <h2 id="footer-support">Support</h2>
          <ul>
            <li>
              <SectionLink id="sponsorship">Sponsorship</SectionLink>
            </li>
            <li>
              <SectionLink id="quick-donation">Quick Donation</SectionLink>
            </li>
            <li>
              <PageLink slug="volunteer-information">Volunteer Information</PageLink>
            </li>
            <li>
              <PageLink slug="join-booster-club">Join Booster Club</PageLink>
            </li>
          </ul>
        </nav>
      </div>

      <div className="footer-bottom">
        <div className="wrap">
          <div data-testid="organization">
            <p>
              © {clubYear()} {legalName}. A 501(c)(3) nonprofit organization.
              {ein && <> EIN {ein}.</>}
            </p>
            {address && <p>{address.split('\n').join(', ')}</p>}
          </div>
          <p className="flex gap-6">
            <PageLink slug="privacy-policy">Privacy Policy</PageLink>
            <PageLink slug="terms-of-service">Terms of Service</PageLink>
          </p>
        </div>
      </div>
    </footer>
  )
}
