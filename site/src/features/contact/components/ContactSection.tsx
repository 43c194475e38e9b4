import { Icon, type IconName } from '#site/components/ui/Icon.tsx'
import { CLUB } from '#site/lib/club.ts'
import { useSiteText } from '#site/lib/siteText.ts'
import { ContactForm } from './ContactForm'

/** A phone number as a tel: link ("(555) 214-7788" → "tel:+15552147788"). */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  return `tel:${/^\d{10}$/.test(digits) ? `+1${digits}` : digits}`
}

function Detail({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <div className="detail">
      <span className="icon-tile solid">
        <Icon name={icon} className="size-5" />
      </span>
      <div>
        <h3>{title}</h3>
        {children}
      </div>
    </div>
  )
}

export function ContactSection() {
  const text = useSiteText()
  const email = text['contact/email']
  const phone = text['contact/phone']
  return (
    <section id="contact" aria-labelledby="contact-title" className="section bg-brand-50">
      <div className="wrap">
        <p className="eyebrow">Get in touch</p>
        <h2 id="contact-title" className="section-title">
          Contact Us
        </h2>
        <p className="lead">Questions about sponsorships, volunteering or donations? Send us a note and a board member will reply.</p>

        <div className="contact-grid">
          <div className="space-y-7">
            <Detail icon="mail" title="Email">
              <a href={`mailto:${email}`} className="link break-all">
                {email}
              </a>
            </Detail>
            <Detail icon="phone" title="Phone">
              <a href={telHref(phone)} className="link">
                {phone}
              </a>
            </Detail>
            <Detail icon="pin" title="Address">
              <address>
                {text['contact/address'].split('\n').map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </Detail>
            <Detail icon="calendar" title="Monthly Meetings">
              <p>{CLUB.meetings}</p>
              <p>{CLUB.meetingsPlace}. Everyone is welcome!</p>
            </Detail>
          </div>

          <div className="panel">
            <h3 className="h3 mb-6">Send us a message</h3>
            <ContactForm />
          </div>
        </div>
      </div>
    </section>
  )
}
