import { Link } from 'wouter'
import { publicConfig, useClubLinks } from '../../../lib/config'

/**
 * The quick-donation block (docs/PRODUCT.md, Routes): a QR code of the absolute /qr-donate URL. The server
 * draws it (GET /api/qr-donate.svg) so the browser ships no QR library.
 */
export function QuickDonation({ id, className = '' }: { id?: string; className?: string }) {
  const { givingPlatformUrl } = useClubLinks()
  const qrUrl = `${publicConfig.siteUrl}/qr-donate`
  return (
    <section id={id} aria-labelledby="quick-donation-title" className={`scroll-mt-20 ${className}`}>
      <div className="quick">
        <div className="qr-frame">
          <img
            src="/api/qr-donate.svg"
            width={200}
            height={200}
            // Below the first screen wherever it is shown: it must not compete with what paints first.
            loading="lazy"
            alt="QR code linking to the quick donation page"
            className="size-[200px]"
          />
        </div>
        <div>
          <p className="eyebrow-light">Give in seconds</p>
          <h2 id="quick-donation-title" className="section-title text-white">
            Quick Donation
          </h2>
          <p className="quick-text">
            Point your phone&apos;s camera at the code to open our quick donation page, perfect from the bleachers on game day. Or share
            this link:
          </p>
          <p className="quick-text break-all">
            <a href={qrUrl} className="link text-gold-300 underline" data-testid="qr-link">
              {qrUrl.replace(/^https?:\/\//, '')}
            </a>
          </p>
          <div className="actions quick-actions">
            <Link to="/donate" className="btn btn-gold">
              Donate by Card
            </Link>
            {givingPlatformUrl && (
              <a href={givingPlatformUrl} target="_blank" rel="noopener noreferrer" className="btn btn-light">
                Give Online<span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </div>
        </div>
      </div>
    </section>
  )
}
