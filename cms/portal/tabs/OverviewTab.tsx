import useSWR from 'swr'
import { BackupNotice } from '../components/BackupNotice'
import { RosterPrivacyNotice } from '../components/RosterPrivacyNotice'
import { ServerNotice } from '../components/ServerNotice'
import { StatCard } from '../components/StatCard'
import { useDomainOverviews } from '../lib/domainPortal'
import { FlagIcon, HandshakeIcon, HeartIcon, MailIcon } from '../components/Icons'
import { ContactMessagesPanel, SponsorApplicationsPanel } from '../components/InboxPanels'
import { ListState, SectionHeader } from '../components/States'
import { StatusBadge } from '../components/StatusBadge'
import { RECENT_DONATIONS, type AdminSummary } from '#shared/adminSummary'
import { formatMoney, sumMoney } from '#shared/money'
import { DepositsPanel } from '../payments/DepositsPanel'
import { DonationsPanel } from '../payments/DonationsPanel'
import { DonorsPanel } from '../payments/DonorsPanel'
import { EmailStatusNotice } from '../payments/EmailStatusNotice'
import { GivingCharts } from '../payments/GivingCharts'
import { MonthlyGiftsPanel } from '../payments/MonthlyGiftsPanel'
import { PayoutsPanel } from '../payments/PayoutsPanel'
import { SponsorshipsPanel } from '../payments/SponsorshipsPanel'
import { YearEndPanel } from '../payments/YearEndPanel'
import { ADMIN_MONEY, formatDay } from '../lib/format'
import { KEYS } from '../lib/keys'

/** Totals and counts come from the server, which computes them in the database (admin lists are paged). */

/** A figure, or a quiet placeholder while the summary loads or when it failed. */
function figure(summary: { data?: AdminSummary; error?: unknown }, compute: (s: AdminSummary) => string): string {
  if (summary.data) return compute(summary.data)
  return summary.error ? 'Unavailable' : '…'
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/**
 * The books in one definition (cms/payments/totals.ts `moneyTotals`), each figure saying what it counts:
 * Total Donations above is the spec's sum of completed gifts; kept is what every other figure counts.
 */
function BooksTable({ summary }: { summary?: AdminSummary }) {
  if (!summary) return null
  const rows = [
    ['Donations', summary.books.donations],
    ['Sponsorships', summary.books.sponsorships],
  ] as const
  return (
    <table className="mt-4 w-full max-w-3xl text-sm" data-testid="books-totals">
      <caption className="mb-1 text-left font-semibold text-gray-900">The books: what each figure counts</caption>
      <thead>
        <tr className="text-left text-gray-700">
          <th scope="col" className="py-1 pr-4 font-medium"></th>
          <th scope="col" className="py-1 pr-4 text-right font-medium">
            Received
          </th>
          <th scope="col" className="py-1 pr-4 text-right font-medium">
            Refunded
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Kept (net)
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, b]) => (
          <tr key={label} className="border-t border-gray-200">
            <th scope="row" className="py-1 pr-4 text-left font-medium text-gray-900">
              {label} <span className="font-normal text-gray-600">({plural(b.count, 'gift')})</span>
            </th>
            <td className="py-1 pr-4 text-right whitespace-nowrap tabular-nums">{formatMoney(b.received, ADMIN_MONEY)}</td>
            <td className="py-1 pr-4 text-right whitespace-nowrap tabular-nums">{formatMoney(b.refunded, ADMIN_MONEY)}</td>
            <td className="py-1 text-right whitespace-nowrap tabular-nums">{formatMoney(b.kept, ADMIN_MONEY)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4} className="pt-1 text-xs text-gray-600">
            Received: every gift that arrived, refunded ones included. Refunded: what went back. Kept: received less refunded, the figure
            the campaigns, Giving at a Glance, the donors list, the exports and the statements count. Total Donations above counts completed
            gifts only (no refunds at all).
          </td>
        </tr>
      </tfoot>
    </table>
  )
}

export function OverviewTab() {
  // Fetched again whenever the Overview opens, so edits made in other tabs show.
  const summary = useSWR<AdminSummary>(KEYS.summary, { revalidateOnMount: true })
  // The domains' own lines (a membership season's members and dues), below the books.
  const overviews = useDomainOverviews()
  const donations = { data: summary.data?.recentDonations, error: summary.error, isLoading: summary.isLoading, mutate: summary.mutate }
  // The lists and charts ask for their data once the figures are in: sent with the summary, a dozen
  // requests shared the server's one thread and the figures waited for all of them (docs/SCALING.md).
  const figuresIn = summary.data !== undefined || summary.error !== undefined

  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="sr-only">
        Overview
      </h2>
      <EmailStatusNotice />
      <ServerNotice server={summary.data?.server} />
      <BackupNotice backup={summary.data?.backup} />
      <RosterPrivacyNotice />
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
      <BooksTable summary={summary.data} />
      {overviews.map((Overview, i) => (
        <Overview key={i} />
      ))}
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
                    <span className="font-semibold whitespace-nowrap text-gray-900 tabular-nums">{formatMoney(d.amount, ADMIN_MONEY)}</span>
                    <StatusBadge status={d.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </section>

      {figuresIn && (
        <>
          <ContactMessagesPanel />
          <SponsorApplicationsPanel />
          <DonationsPanel />
          <SponsorshipsPanel />
          {/* The year at a glance and the donors come after the spec's panels, which keep their order. */}
          <GivingCharts />
          <DepositsPanel />
          <DonorsPanel />
          <YearEndPanel />
          <MonthlyGiftsPanel />
          <PayoutsPanel stripeApi={summary.data?.stripeApi} />
        </>
      )}
    </section>
  )
}
