import type { ReactNode } from 'react'
import { businessTypeLabel, formatDay, sponsorshipLevelLabel, telHref } from '../lib/format'
import type { AdminContactMessage, AdminSponsorApplication } from '#shared/api'
import { KEYS } from '../lib/keys'
import { PAGE_SIZE, useAdminList } from '../lib/list'
import { ListPanel } from './ListPanel'
import { StatusBadge } from './StatusBadge'
import { ContactMessageActions, SponsorApplicationActions } from '../payments/InboxActions'

/**
 * What visitors sent through the public forms, for volunteers to read and
 * answer. Everything shown is visitor-typed text: it is rendered as React
 * text only (never as HTML), and long words wrap instead of overflowing.
 */

const linkClass = 'text-brand-700 underline underline-offset-2 hover:text-brand-800 wrap-anywhere'

export function ContactMessagesPanel() {
  const list = useAdminList<AdminContactMessage>(KEYS.contactMessages)
  return (
    <ListPanel
      title="Contact Messages"
      description={`Sent through the contact form, newest first, ${PAGE_SIZE} a page.`}
      list={list}
      empty="No messages yet"
      name="Contact messages"
      row={(m) => (
        <InboxEntry
          key={m.id}
          id={`message-${m.id}`}
          testId="contact-message"
          heading={
            <>
              <span className="sr-only">Message from </span>
              {m.name}
            </>
          }
          subline={
            <p className="text-sm">
              <a href={`mailto:${m.email}`} className={linkClass}>
                {m.email}
              </a>
            </p>
          }
          record={m}
        >
          <p className="mt-2 text-sm whitespace-pre-line text-gray-800 wrap-anywhere" data-testid="message-text">
            {m.message}
          </p>
          <ContactMessageActions message={m} />
        </InboxEntry>
      )}
    />
  )
}

export function SponsorApplicationsPanel() {
  const list = useAdminList<AdminSponsorApplication>(KEYS.sponsorApplications)
  return (
    <ListPanel
      title="Sponsor Applications"
      description={`Sent through the sponsor form, newest first, ${PAGE_SIZE} a page.`}
      list={list}
      empty="No sponsor applications yet"
      name="Sponsor applications"
      row={(a) => {
        const tel = telHref(a.contactPhone)
        return (
          <InboxEntry
            key={a.id}
            id={`application-${a.id}`}
            testId="sponsor-application"
            heading={a.companyName}
            subline={<p className="text-sm font-medium text-brand-800">{sponsorshipLevelLabel(a.sponsorshipLevel)}</p>}
            record={a}
          >
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <Detail term="Contact">{a.contactName}</Detail>
              <Detail term="Email">
                <a href={`mailto:${a.contactEmail}`} className={linkClass}>
                  {a.contactEmail}
                </a>
              </Detail>
              <Detail term="Phone">
                {tel ? (
                  <a href={tel} className={linkClass}>
                    {a.contactPhone}
                  </a>
                ) : (
                  a.contactPhone
                )}
              </Detail>
              <Detail term="Business type">{businessTypeLabel(a.businessType)}</Detail>
              <Detail term="Address" wide>
                {a.companyAddress}
              </Detail>
              {a.companyWebsite && <Detail term="Website">{a.companyWebsite}</Detail>}
              {a.companyTwitter && <Detail term="Twitter">{a.companyTwitter}</Detail>}
              {a.companyInstagram && <Detail term="Instagram">{a.companyInstagram}</Detail>}
              {a.notes && (
                <Detail term="Notes" wide>
                  {a.notes}
                </Detail>
              )}
            </dl>
            <SponsorApplicationActions application={a} />
          </InboxEntry>
        )
      }}
    />
  )
}

/** One visitor-sent record: its heading and the line under it, the day it came and its status, then the rest. */
function InboxEntry({
  id,
  testId,
  heading,
  subline,
  record: { createdAt, status },
  children,
}: {
  id: string
  testId: string
  heading: ReactNode
  subline: ReactNode
  record: { createdAt: string; status: string }
  children: ReactNode
}) {
  return (
    <li className="py-4">
      <article aria-labelledby={id} data-testid={testId}>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h4 id={id} className="font-medium text-gray-900 wrap-anywhere">
              {heading}
            </h4>
            {subline}
          </div>
          <div className="flex shrink-0 items-center gap-3">
            <time dateTime={createdAt} className="text-sm text-gray-600">
              {formatDay(createdAt)}
            </time>
            <span>
              <span className="sr-only">Status: </span>
              <StatusBadge status={status} />
            </span>
          </div>
        </div>
        {children}
      </article>
    </li>
  )
}

/** One labelled value; visitor text keeps its line breaks and wraps long words. */
function Detail({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="font-medium text-gray-600">{term}</dt>
      <dd className="whitespace-pre-line text-gray-900 wrap-anywhere">{children}</dd>
    </div>
  )
}
