import { CAMPAIGN_REFRESH_MS } from '#ui/lib/swr.ts'
import { useCampaigns } from '../api/campaigns'
import { CampaignList } from './CampaignList'

/** Home page campaigns, refreshed every 30 s (docs/PRODUCT.md, Rules and oddities and Constants). */
export function FundraisingSection() {
  const { data, error } = useCampaigns({ refreshInterval: CAMPAIGN_REFRESH_MS })
  return (
    <section id="fundraising" aria-labelledby="fundraising-title" className="section bg-gray-50">
      <div className="wrap">
        <p className="eyebrow">Fundraising</p>
        <h2 id="fundraising-title" className="section-title">
          Current Campaigns
        </h2>
        <p className="lead">Every dollar goes straight to the program. Watch each goal fill up as our community chips in.</p>
        <div className="mt-10">
          <CampaignList campaigns={data} error={error} />
        </div>
      </div>
    </section>
  )
}
