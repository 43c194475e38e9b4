import { useEffect, useRef } from 'react'
import { Link } from 'wouter'
import { campaignProgress, formatMoney } from '#shared/money'
import type { Campaign } from '../api/campaigns'
import { campaignImage, DEFAULT_CAMPAIGN_IMAGE } from './campaignImage'

/**
 * Every card has the same height (fixed picture, clamped title and text), so
 * the space reserved while loading matches what arrives: no layout shift.
 * Progress: bar width capped at 100 %, label rounded (campaignProgress).
 */
function showDefault(img: HTMLImageElement) {
  if (!img.src.endsWith(DEFAULT_CAMPAIGN_IMAGE)) img.src = DEFAULT_CAMPAIGN_IMAGE
}

/** `firstScreen`: the picture may be in a phone's first screen (/donate's first card), so it is fetched at once, never lazily. */
export function CampaignCard({ campaign, firstScreen = false }: { campaign: Campaign; firstScreen?: boolean }) {
  const { name, status } = campaign
  const progress = campaignProgress(campaign.currentAmount, campaign.goalAmount)
  const picture = useRef<HTMLImageElement>(null)
  // A picture that failed before the page became interactive (server-rendered HTML) gets the default too.
  useEffect(() => {
    const img = picture.current
    if (img?.complete && img.naturalWidth === 0) showDefault(img)
  }, [])
  const active = status === 'active'
  // An active campaign past its goal says so, and still takes gifts.
  const reached = active && progress.width >= 100
  const label = !active ? 'Closed' : reached ? 'Goal reached' : 'Active'

  return (
    <article className="campaign">
      <figure>
        <img
          src={campaignImage(campaign.imageUrl)}
          alt=""
          loading={firstScreen ? 'eager' : 'lazy'}
          width={640}
          height={360}
          ref={picture}
          onError={(e) => showDefault(e.currentTarget)}
        />
        <span className={!active ? 'status closed' : reached ? 'status reached' : 'status'} data-testid="campaign-status">
          {label}
        </span>
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
