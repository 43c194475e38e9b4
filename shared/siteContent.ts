/**
 * The site text editors change in the admin Content tab, stored as
 * section/key records (e.g. hero/title). Every key has the text the site shows
 * when nothing is stored, so an empty database (SEED=none) shows exactly the
 * original site. Used by the server (rendering, metadata) and the admin tab.
 */
/** `url`: a link the site opens (http or https only, checked when saved: cms/content/collections/SiteContent.ts). */
export type ContentField = { key: string; label: string; fallback: string; multiline?: boolean; url?: true }
export type ContentSection = { section: string; title: string; fields: ContentField[] }

export const CONTENT_SECTIONS: ContentSection[] = [
  {
    section: 'hero',
    title: 'Hero',
    fields: [
      { key: 'title', label: 'Title', fallback: 'Lady Hawks Boosters' },
      { key: 'subtitle', label: 'Subtitle', fallback: "Hawthorne High School Girls' Basketball" },
      {
        key: 'description',
        label: 'Description',
        multiline: true,
        fallback:
          'Building champions on and off the court. Your support pays for uniforms, camps, travel and scholarships, and every gift to our 501(c)(3) is tax-deductible.',
      },
    ],
  },
  {
    section: 'about',
    title: 'About',
    fields: [
      { key: 'title', label: 'Title', fallback: 'More than a game' },
      {
        key: 'description',
        label: 'Description',
        multiline: true,
        fallback:
          "Lady Hawks Boosters is the parent-run 501(c)(3) nonprofit behind the Hawthorne High School girls' basketball program: Varsity, JV and Freshmen. We raise what school budgets can't cover, and we show up in the stands.",
      },
      {
        key: 'mission',
        label: 'Mission',
        multiline: true,
        fallback: 'To give every player the equipment, training and experiences she needs to grow as an athlete, a student and a leader.',
      },
    ],
  },
  {
    section: 'contact',
    title: 'Contact',
    fields: [
      { key: 'email', label: 'Email', fallback: 'info@ladyhawksboosters.org' },
      { key: 'phone', label: 'Phone', fallback: '(555) 214-7788' },
      { key: 'address', label: 'Address', multiline: true, fallback: 'Lady Hawks Main Gym\n1200 Hawk Way\nSpringfield' },
    ],
  },
  {
    section: 'stats',
    title: 'Team Stats',
    fields: [
      { key: 'wins', label: 'Wins', fallback: '18' },
      { key: 'losses', label: 'Losses', fallback: '4' },
      { key: 'ranking', label: 'District ranking', fallback: '2' },
    ],
  },
  {
    section: 'coach',
    title: 'Coach',
    fields: [
      { key: 'name', label: 'Name', fallback: 'Elena Rivera' },
      { key: 'years', label: 'Years of experience', fallback: '12' },
      { key: 'championships', label: 'District championships', fallback: '1' },
      { key: 'photo', label: 'Photo URL', fallback: '' },
      {
        key: 'bio',
        label: 'Bio',
        multiline: true,
        fallback:
          'A former college point guard, Coach Rivera teaches tough defense, unselfish basketball and leadership, and led the Lady Hawks to their first district title.',
      },
    ],
  },
  {
    section: 'organization',
    title: 'Organization',
    fields: [
      { key: 'legalName', label: 'Legal name', fallback: 'Lady Hawks Boosters' },
      { key: 'ein', label: 'EIN', fallback: '' },
      { key: 'address', label: 'Mailing address', multiline: true, fallback: '' },
    ],
  },
  {
    section: 'social',
    title: 'Social Links',
    fields: [
      // Empty: the profile URLs from the environment (FACEBOOK_URL, INSTAGRAM_URL) are used.
      { key: 'facebook', label: 'Facebook URL', fallback: '', url: true },
      { key: 'instagram', label: 'Instagram URL', fallback: '', url: true },
    ],
  },
  {
    section: 'giving',
    title: 'Giving Platform',
    fields: [
      // Empty: GIVING_PLATFORM_URL from the environment is used; both empty, /donate offers no outside giving page.
      { key: 'platformUrl', label: 'Giving platform URL (e.g. your Givebutter page)', fallback: '', url: true },
    ],
  },
]

/** Sections only admins read and write (the club's legal identity on receipts; docs/roles.md). */
export const ADMIN_ONLY_SECTIONS: readonly string[] = ['organization']

/** Sections every staff member reads and only admins change (money settings), with what an editor is told (docs/roles.md). */
export const ADMIN_WRITE_SECTIONS: Readonly<Record<string, string>> = {
  giving: 'Only an admin can change the giving platform address: it decides where /donate and /qr-donate send every donor.',
}

/** Whether a site text is a link: its value must then be empty or an http(s) URL. */
export function isUrlText(section: string, key: string): boolean {
  return Boolean(CONTENT_SECTIONS.find((s) => s.section === section)?.fields.find((f) => f.key === key)?.url)
}

/** "about" + "mission" → "About · Mission": a site text's readable title (stored as its label, shown by the admin's pickers). */
export function siteTextLabel(section: string, key: string): string {
  const known = CONTENT_SECTIONS.find((s) => s.section === section)
  const field = known?.fields.find((f) => f.key === key)
  return `${known?.title ?? section} · ${field?.label ?? key}`
}

/** "hero/title" → the text shown: the stored value, or the fallback when absent or blank. */
export type SiteText = Record<string, string>

export function resolveSiteText(entries: { section: string; key: string; value?: string | null }[]): SiteText {
  const stored = new Map(entries.map((e) => [`${e.section}/${e.key}`, e.value?.trim() ?? '']))
  const text: SiteText = {}
  for (const { section, fields } of CONTENT_SECTIONS) {
    for (const { key, fallback } of fields) text[`${section}/${key}`] = stored.get(`${section}/${key}`) || fallback
  }
  return text
}
