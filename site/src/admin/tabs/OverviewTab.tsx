import useSWR from 'swr'
import { StatCard } from '../components/StatCard'
import { FlagIcon, HandshakeIcon, HeartIcon, MailIcon } from '../components/Icons'
import { ContactMessagesPanel, SponsorApplicationsPanel } from '../components/InboxPanels'
import { ListState, SectionHeader } from '../components/States'
import { StatusBadge } from '../components/StatusBadge'
import { formatMoney } from '#shared/money'
import { DonationsPanel } from '../payments/DonationsPanel'
import { EmailStatusNotice } from '../payments/EmailStatusNotice'
import { SponsorshipsPanel } from '../payments/SponsorshipsPanel'
import { ADMIN_MONEY, completedTotal, formatDay } from '../lib/format'
import { KEYS } from '../lib/keys'
import type { AdminCampaign, AdminContactMessage, AdminDonation, AdminSponsorApplication, AdminSponsorship } from '#shared/api'

export const RECENT_DONATIONS = 5

/** A figure, or a quiet placeholder while its list loads or when it failed. */
function figure<T>(list: { data?: T[]; error?: unknown }, compute: (items: T[]) => string): string {
  if (list.data) return compute(list.data)
  return list.error ? 'Unavailable' : '…'
}

export function OverviewTab() {
  const campaigns = useSWR<AdminCampaign[]>(KEYS.campaigns)
  const donations = useSWR<AdminDonation[]>(KEYS.donations)
  const sponsorships = useSWR<AdminSponsorship[]>(KEYS.sponsorships)
  const messages = useSWR<AdminContactMessage[]>(KEYS.contactMessages)
  const applications = useSWR<AdminSponsorApplication[]>(KEYS.sponsorApplications)

  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="sr-only">
        Overview
      </h2>
      <EmailStatusNotice />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Active Campaigns" icon={<FlagIcon />} value={figure(campaigns, (c) => String(c.length))} />
        <StatCard
          label="Total Donations"
          icon={<HeartIcon />}
          hint="Completed donations"
          value={figure(donations, (d) => formatMoney(completedTotal(d), ADMIN_MONEY))}
        />
        <StatCard
          label="Total Sponsorships"
          icon={<HandshakeIcon />}
          hint="Completed sponsorships"
          value={figure(sponsorships, (s) => formatMoney(completedTotal(s), ADMIN_MONEY))}
        />
        <StatCard label="Contact Messages" icon={<MailIcon />} value={figure(messages, (m) => String(m.length))} />
      </div>

      <section aria-labelledby="recent-donations-title" className="mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
        <SectionHeader
          level={3}
          id="recent-donations-title"
          title="Recent Donations"
          description={`The latest ${RECENT_DONATIONS} gifts.`}
        />
        <ListState
          what="donations"
          data={donations.data}
          error={donations.error}
          isLoading={donations.isLoading}
          retry={() => void donations.mutate()}
          empty={<p className="py-6 text-center text-gray-600">No donations yet</p>}
        >
          {(items) => (
            <ul className="divide-y divide-gray-200" aria-label="Recent donations">
              {items.slice(0, RECENT_DONATIONS).map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium text-gray-900">{d.donorName}</p>
                    <p className="text-sm text-gray-600">{formatDay(d.createdAt)}</p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="font-semibold text-gray-900 tabular-nums">{formatMoney(d.amount, ADMIN_MONEY)}</span>
                    <StatusBadge status={d.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </section>

      <ContactMessagesPanel list={messages} />
      <SponsorApplicationsPanel list={applications} />
      <DonationsPanel />
      <SponsorshipsPanel />
    </section>
  )
}
