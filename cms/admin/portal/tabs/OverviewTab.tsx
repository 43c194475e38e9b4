import useSWR from 'swr'
import { StatCard } from '../components/StatCard'
import { FlagIcon, HandshakeIcon, HeartIcon, MailIcon } from '../components/Icons'
import { ContactMessagesPanel, SponsorApplicationsPanel } from '../components/InboxPanels'
import { ListState, SectionHeader } from '../components/States'
import { StatusBadge } from '../components/StatusBadge'
import { RECENT_DONATIONS, type AdminSummary } from '#shared/adminSummary'
import { formatMoney, sumMoney } from '#shared/money'
import { DonationsPanel } from '../payments/DonationsPanel'
import { DonorsPanel } from '../payments/DonorsPanel'
import { EmailStatusNotice } from '../payments/EmailStatusNotice'
import { GivingCharts } from '../payments/GivingCharts'
import { MonthlyGiftsPanel } from '../payments/MonthlyGiftsPanel'
import { SponsorshipsPanel } from '../payments/SponsorshipsPanel'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { KEYS } from '../lib/keys'

/** Totals and counts come from the server, which computes them in the database (admin lists are paged). */

/** A figure, or a quiet placeholder while the summary loads or when it failed. */
function figure(summary: { data?: AdminSummary; error?: unknown }, compute: (s: AdminSummary) => string): string {
  if (summary.data) return compute(summary.data)
  return summary.error ? 'Unavailable' : '…'
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

export function OverviewTab() {
  // Fetched again whenever the Overview opens, so edits made in other tabs show.
  const summary = useSWR<AdminSummary>(KEYS.summary, { revalidateOnMount: true })
  const donations = { data: summary.data?.recentDonations, error: summary.error, isLoading: summary.isLoading, mutate: summary.mutate }

  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="sr-only">
        Overview
      </h2>
      <EmailStatusNotice />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Active Campaigns" icon={<FlagIcon />} value={figure(summary, (s) => String(s.campaigns))} />
        <StatCard
          label="Total Donations"
          icon={<HeartIcon />}
          hint={figure(
            summary,
            (s) =>
              `The ${plural(s.donationCount, 'completed gift')} recorded here, every campaign and the general fund; refunded ones and opening balances are not counted.`,
          )}
          value={figure(summary, (s) => formatMoney(s.totalDonations, ADMIN_MONEY))}
        />
        <StatCard
          label="Total Sponsorships"
          icon={<HandshakeIcon />}
          hint={figure(
            summary,
            (s) => `The ${plural(s.sponsorshipCount, 'completed sponsorship')} recorded here; refunded ones are not counted.`,
          )}
          value={figure(summary, (s) => formatMoney(s.totalSponsorships, ADMIN_MONEY))}
        />
        <StatCard label="Contact Messages" icon={<MailIcon />} value={figure(summary, (s) => String(s.contactMessages))} />
      </div>
      {/* Why the campaigns' raised figures differ from Total Donations: they add opening balances and net out refunds. */}
      <p className="mt-3 text-sm text-gray-700" data-testid="campaign-totals">
        {figure(
          summary,
          (s) =>
            `Campaigns' raised amounts: ${formatMoney(s.openingBalances, ADMIN_MONEY)} opening balances + ${formatMoney(s.campaignGifts, ADMIN_MONEY)} recorded gifts to campaigns (less refunds) = ${formatMoney(sumMoney([s.openingBalances, s.campaignGifts]), ADMIN_MONEY)}.`,
        )}
      </p>

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

      <ContactMessagesPanel />
      <SponsorApplicationsPanel />
      <DonationsPanel />
      <SponsorshipsPanel />
      {/* The year at a glance and the donors come after the spec's panels, which keep their order. */}
      <GivingCharts />
      <DonorsPanel />
      <MonthlyGiftsPanel />
    </section>
  )
}
