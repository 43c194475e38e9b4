import useSWR from 'swr'
import { Link } from 'wouter'
import { PUBLIC_DATA } from '#shared/publicPages'
import { publicConfig, useClubLinks } from '#site/lib/config.ts'

const QR_LABEL = 'QR code linking to the quick donation page'

/**
 * The QR code. On /qr-donate (`firstScreen`) it is in a phone's first screen, often its largest element: its
 * markup comes with the page's data (PUBLIC_DATA.qrCode), so it paints with the text and asks for nothing. On
 * the home page it is far below the fold: a lazy image that does not compete with what paints first.
 */
function QrCode({ firstScreen }: { firstScreen: boolean }) {
  const inline = useSWR<{ svg: string }>(firstScreen ? PUBLIC_DATA.qrCode : null).data
  if (inline) {
    return (
      <div role="img" aria-label={QR_LABEL} className="size-[200px] [&>svg]:size-full" dangerouslySetInnerHTML={{ __html: inline.svg }} />
    )
  }
  return (
    <img
      src="/api/qr-donate.svg"
      width={200}
      height={200}
      loading={firstScreen ? 'eager' : 'lazy'}
      alt={QR_LABEL}
      className="size-[200px]"
    />
  )
}

/**
 * The quick-donation block (docs/PRODUCT.md, Routes): a QR code of the absolute /qr-donate URL. The server
 * draws it (cms/site/qrCode.ts) so the browser ships no QR library.
 */
export function QuickDonation({ id, className = '', firstScreen = false }: { id?: string; className?: string; firstScreen?: boolean }) {
  const { givingPlatformUrl } = useClubLinks()
  const qrUrl = `${publicConfig.siteUrl}/qr-donate`
  return (
    <section id={id} aria-labelledby="quick-donation-title" className={`scroll-mt-20 ${className}`}>
      <div className="quick">
        <div className="qr-frame">
          <QrCode firstScreen={firstScreen} />
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
