import type { ReactNode } from 'react'
import { Spinner } from '#ui/Spinner.tsx'
import type { Campaign } from '../api/campaigns'
import { CampaignCard } from './CampaignCard'

const GHOST: Campaign = {
  id: '',
  name: '',
  description: '',
  imageUrl: null,
  status: 'active',
  currentAmount: '0',
  goalAmount: '1',
  createdAt: '',
}

/**
 * Loading, error and empty states fill exactly one row of cards: an invisible
 * card holds the height (so nothing moves when cards arrive) and the state is
 * drawn over it.
 */
function OneRow({ children }: { children: ReactNode }) {
  return (
    <div className="relative">
      <div className="campaign-grid invisible" aria-hidden="true">
        <CampaignCard campaign={GHOST} />
      </div>
      <div className="absolute inset-0">{children}</div>
    </div>
  )
}

/** One row of the grid at its widest: what `firstScreen` fetches at once. */
const FIRST_ROW = 3

/** `firstScreen`: the list starts in a phone's first screen (/donate), so its first row's pictures are not lazy. */
export function CampaignList({
  campaigns,
  error,
  activeOnly,
  firstScreen = false,
}: {
  campaigns?: Campaign[]
  error?: Error
  activeOnly?: boolean
  firstScreen?: boolean
}) {
  if (error) {
    return (
      <OneRow>
        <div className="empty-box">
          <p>We couldn&apos;t load our campaigns right now.</p>
          <p>Please try again in a little while.</p>
          <p className="mt-3 text-xs" data-testid="error-detail">
            Details: {error.message}
          </p>
        </div>
      </OneRow>
    )
  }
  if (!campaigns) {
    return (
      <OneRow>
        <Spinner label="Loading campaigns…" className="h-full" />
      </OneRow>
    )
  }
  const shown = activeOnly ? campaigns.filter((c) => c.status === 'active') : campaigns
  return shown.length ? (
    <ul className="campaign-grid" aria-label="Campaigns">
      {shown.map((campaign, index) => (
        <li key={campaign.id} className="flex" data-testid="campaign-card">
          <CampaignCard campaign={campaign} firstScreen={firstScreen && index < FIRST_ROW} />
        </li>
      ))}
    </ul>
  ) : (
    <OneRow>
      <div className="empty-box">
        <p>{activeOnly ? 'There are no active campaigns right now.' : 'No fundraising campaigns yet.'}</p>
        <p>Check back soon, or give to the program in general.</p>
      </div>
    </OneRow>
  )
}
