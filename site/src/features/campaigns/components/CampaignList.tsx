import { Spinner } from '../../../components/ui/Spinner'
import type { Campaign } from '../api/campaigns'
import { CampaignCard } from './CampaignCard'

/** Loading (a spinner in a card-sized area), error, empty, or the cards. */
export function CampaignList({ campaigns, error, activeOnly }: { campaigns?: Campaign[]; error?: Error; activeOnly?: boolean }) {
  if (error) {
    return (
      <div className="empty-box">
        <p>We couldn&apos;t load our campaigns right now.</p>
        <p>Please try again in a little while.</p>
        <p className="mt-3 text-xs" data-testid="error-detail">
          Details: {error.message}
        </p>
      </div>
    )
  }
  if (!campaigns) {
    return (
      <div className="campaign-grid">
        <Spinner label="Loading campaigns…" className="md:col-span-2 lg:col-span-3" />
      </div>
    )
  }
  const shown = activeOnly ? campaigns.filter((c) => c.status === 'active') : campaigns
  return shown.length ? (
    <ul className="campaign-grid" aria-label="Campaigns">
      {shown.map((campaign) => (
        <li key={campaign.id} className="flex">
          <CampaignCard campaign={campaign} />
        </li>
      ))}
    </ul>
  ) : (
    <div className="empty-box">
      <p>{activeOnly ? 'There are no active campaigns right now.' : 'No fundraising campaigns yet.'}</p>
      <p>Check back soon, or give to the program in general.</p>
    </div>
  )
}
