import { useSearchParams } from 'wouter'
import { PublicLayout } from '../components/layout/PublicLayout'
import { useCampaigns } from '../features/campaigns/api/campaigns'
import { CampaignList } from '../features/campaigns/components/CampaignList'
import { DonateOptions } from '../features/donate/components/DonateOptions'
import { OtherWaysToSupport } from '../features/donate/components/OtherWaysToSupport'
import { useSiteText } from '../lib/siteText'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function DonatePage() {
  useDocumentTitle('Donate')
  const { data, error } = useCampaigns()
  // A campaign's Donate button links here with ?campaign=<id>: the card modal opens for it.
  const [params, setParams] = useSearchParams()
  const campaignId = params.get('campaign')
  const campaign = data?.find((c) => c.id === campaignId && c.status === 'active') ?? null
  const text = useSiteText()
  const ein = text['organization/ein']
  return (
    <PublicLayout>
      <section aria-labelledby="donate-title" className="hero">
        <div className="mx-auto max-w-5xl px-4 py-16 sm:px-6 md:py-20">
          <div className="page-hero">
            <p className="eyebrow-light">Make a difference</p>
            <h1 id="donate-title">Support the Lady Hawks</h1>
            <p>
              Your gift keeps our players on the court: uniforms, camps, travel and scholarships. {text['organization/legalName']} is a
              501(c)(3) nonprofit, so your donation is tax-deductible.
              {ein && <span data-testid="donate-ein"> EIN {ein}.</span>}
            </p>
          </div>
          <div className="mx-auto mt-10 max-w-md md:max-w-none">
            <DonateOptions campaign={campaign} onClose={() => campaignId && setParams({}, { replace: true })} />
          </div>
        </div>
      </section>

      <section aria-labelledby="active-campaigns-title" className="section bg-gray-50">
        <div className="wrap">
          <p className="eyebrow">Where your gift goes</p>
          <h2 id="active-campaigns-title" className="section-title mb-10">
            Active Campaigns
          </h2>
          <CampaignList campaigns={data} error={error} activeOnly firstScreen />
        </div>
      </section>

      <OtherWaysToSupport />
    </PublicLayout>
  )
}
