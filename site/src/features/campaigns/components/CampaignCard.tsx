import { Link } from 'react-router-dom'
import { campaignProgress, formatMoney } from '#shared/money'
import type { Campaign } from '../api/campaigns'
import { campaignImage, DEFAULT_CAMPAIGN_IMAGE } from './campaignImage'

/**
 * Every card has the same height (fixed picture, clamped title and text), so
 * the space reserved while loading matches what arrives: no layout shift.
 * Progress: bar width capped at 100 %, label rounded (campaignProgress).
 */
export function CampaignCard({ campaign }: { campaign: Campaign }) {
  const { name, status } = campaign
  const progress = campaignProgress(campaign.currentAmount, campaign.goalAmount)
  const active = status === 'active'

  return (
    <article className="campaign">
      <figure>
        <img
          src={campaignImage(campaign.imageUrl)}
          alt=""
          width={640}
          height={360}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_CAMPAIGN_IMAGE)) e.currentTarget.src = DEFAULT_CAMPAIGN_IMAGE
          }}
        />
        <span className={active ? 'status' : 'status closed'}>{active ? 'Active' : 'Closed'}</span>
      </figure>
      <div className="flex flex-1 flex-col p-6">
        <h3>{name}</h3>
        <p className="desc">{campaign.description}</p>
        <p className="raised">
          <span>
            <strong>{formatMoney(campaign.currentAmount)}</strong> raised
          </span>
          <span>of {formatMoney(campaign.goalAmount)} goal</span>
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-label={`${name} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress.width)}
          aria-valuetext={`${progress.label}% of goal`}
        >
          <div style={{ width: `${progress.width}%` }} />
        </div>
        <p className="pct" data-testid="campaign-percent">
          {progress.label}% complete
        </p>
        {active ? (
          // The card modal opens for this campaign and tags the payment with its id (client-reference-id).
          <Link to={`/donate?campaign=${encodeURIComponent(campaign.id)}`} className="btn btn-primary mt-5 text-sm">
            Donate<span className="sr-only"> to {name}</span>
          </Link>
        ) : (
          <p className="closed-note">Goal closed. Thank you!</p>
        )}
      </div>
    </article>
  )
}
