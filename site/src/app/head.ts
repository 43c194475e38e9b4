import { PERSONAL_PAGES, type PageId } from '#shared/publicPages'
import type { PageHeadInput } from '#shared/ssr'
import type { SiteText } from '#shared/siteContent'
import { campaignImage, DEFAULT_CAMPAIGN_IMAGE } from '../features/campaigns/components/campaignImage'
import { documentTitle } from '../lib/useDocumentTitle'

const PAGE_TITLES: Record<PageId, string | undefined> = {
  home: undefined,
  donate: 'Donate',
  qrDonate: 'Quick Donation',
  sponsor: 'Become a Sponsor',
  notFound: 'Page Not Found',
  content: undefined,
  join: 'Join Booster Club',
  joinContinue: 'Your membership',
  member: 'Your family',
  memberSignIn: 'Sign in',
  volunteer: 'Volunteer',
  volunteerManage: 'Your volunteer shift',
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The <head> tags of a server-rendered page: title, description, canonical
 * URL, Open Graph and Twitter cards (absolute image URL), and on the home page
 * the club as a schema.org NGO.
 */
export function pageHead({ page, path, siteUrl, text, campaigns, social, title: pageTitle }: PageHeadInput): string {
  const title = documentTitle(pageTitle ?? PAGE_TITLES[page])
  const org = text['organization/legalName']
  const descriptions: Record<PageId, string> = {
    home: text['hero/description'],
    donate: `Support the Lady Hawks: give by card or online to ${org}, a 501(c)(3) nonprofit. Every gift is tax-deductible.`,
    qrDonate: `Give to the Lady Hawks in seconds by card, Apple Pay or Google Pay. ${org} is a 501(c)(3) nonprofit.`,
    sponsor: 'Partner with the Lady Hawks: choose a sponsorship level and put your business in front of local families all season.',
    notFound: 'This page does not exist. Visit the Lady Hawks Boosters home page.',
    content: `${pageTitle ?? ''} · ${org}`,
    join: `Join the Lady Hawks Boosters for the season: family dues that fund the program, paid online or in person. ${org} is a 501(c)(3) nonprofit.`,
    joinContinue: `Your membership of ${org}.`,
    member: `Your family’s membership of ${org}.`,
    memberSignIn: `Sign in to your family’s page at ${org}.`,
    volunteer: `Work a shift at a Lady Hawks home game: the gate, the concession stand, the clock. Sign up with ${org}.`,
    volunteerManage: `Your volunteer shift with ${org}.`,
  }
  const featured = page === 'donate' ? campaigns?.find((c) => c.status === 'active') : undefined
  const image = siteUrl + (featured ? campaignImage(featured.imageUrl) : DEFAULT_CAMPAIGN_IMAGE)
  // A personal page's address carries its link's token: never a canonical or shared address, but its section's.
  const personal = PERSONAL_PAGES.has(page)
  const url = siteUrl + (personal ? (page.startsWith('volunteer') ? '/volunteer' : '/member') : path)
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(descriptions[page])}" />`,
    page === 'notFound' || personal ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Lady Hawks Boosters" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(descriptions[page])}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(descriptions[page])}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ]
  if (page === 'home') tags.push(`<script type="application/ld+json">${jsonForHtml(organization(siteUrl, text, social))}</script>`)
  return tags.join('\n    ')
}

function organization(siteUrl: string, text: SiteText, social: string[]) {
  const address = text['organization/address'] || text['contact/address']
  return {
    '@context': 'https://schema.org',
    '@type': 'NGO',
    name: text['organization/legalName'],
    url: siteUrl + '/',
    logo: `${siteUrl}/images/logo-mark.svg`,
    description: text['about/mission'],
    email: text['contact/email'],
    telephone: text['contact/phone'],
    address: address.split('\n').join(', '),
    nonprofitStatus: 'Nonprofit501c3',
    ...(text['organization/ein'] ? { taxID: text['organization/ein'] } : {}),
    ...(social.length ? { sameAs: social } : {}),
  }
}

/** JSON inside an HTML <script> block: "<" escaped so the text can never close the block. */
export const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
