import type { ReactNode } from 'react'
import { businessTypeLabel, formatDay, sponsorshipLevelLabel, telHref } from '../lib/format'
import type { AdminContactMessage, AdminSponsorApplication } from '#shared/api'
import { KEYS } from '../lib/keys'
import { PAGE_SIZE, useAdminList, type Pager } from '../lib/list'
import { PageControls } from './PageControls'
import { ListState, SectionHeader } from './States'
import { StatusBadge } from './StatusBadge'
import { ContactMessageActions, SponsorApplicationActions } from '../payments/InboxActions'

/**
 * What visitors sent through the public forms, for volunteers to read and
 * answer. Everything shown is visitor-typed text: it is rendered as React
 * text only (never as HTML), and long words wrap instead of overflowing.
 */

const panelClass = 'mt-8 rounded-lg border border-gray-200 bg-white p-5 shadow-sm'
const linkClass = 'text-brand-700 underline underline-offset-2 hover:text-brand-800 wrap-anywhere'
const emptyClass = 'py-6 text-center text-gray-600'

export function ContactMessagesPanel() {
  const list = useAdminList<AdminContactMessage>(KEYS.contactMessages)
  return (
    <section aria-labelledby="contact-messages-title" className={panelClass}>
      <SectionHeader
        level={3}
        id="contact-messages-title"
        title="Contact Messages"
        description={`Sent through the contact form, newest first, ${PAGE_SIZE} a page.`}
      />
      <ListState
        what="contact messages"
        data={list.items}
        error={list.error}
        isLoading={list.isLoading}
        retry={list.retry}
        empty={<p className={emptyClass}>No messages yet</p>}
      >
        {(items) => (
          <Paged items={items} label="Contact messages" pager={list.pager}>
            {(m) => (
              <article aria-labelledby={`message-${m.id}`} data-testid="contact-message">
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                  <div className="min-w-0">
                    <h4 id={`message-${m.id}`} className="font-medium text-gray-900 wrap-anywhere">
                      <span className="sr-only">Message from </span>
                      {m.name}
                    </h4>
                    <p className="text-sm">
                      <a href={`mailto:${m.email}`} className={linkClass}>
                        {m.email}
                      </a>
                    </p>
                  </div>
                  <DateAndStatus createdAt={m.createdAt} status={m.status} />
                </div>
                <p className="mt-2 text-sm whitespace-pre-line text-gray-800 wrap-anywhere" data-testid="message-text">
                  {m.message}
                </p>
                <ContactMessageActions message={m} />
              </article>
            )}
          </Paged>
        )}
      </ListState>
    </section>
  )
}

export function SponsorApplicationsPanel() {
  const list = useAdminList<AdminSponsorApplication>(KEYS.sponsorApplications)
  return (
    <section aria-labelledby="sponsor-applications-title" className={panelClass}>
      <SectionHeader
        level={3}
        id="sponsor-applications-title"
        title="Sponsor Applications"
        description={`Sent through the sponsor form, newest first, ${PAGE_SIZE} a page.`}
      />
      <ListState
        what="sponsor applications"
        data={list.items}
        error={list.error}
        isLoading={list.isLoading}
        retry={list.retry}
        empty={<p className={emptyClass}>No sponsor applications yet</p>}
      >
        {(items) => (
          <Paged items={items} label="Sponsor applications" pager={list.pager}>
            {(a) => {
              const tel = telHref(a.contactPhone)
              return (
                <article aria-labelledby={`application-${a.id}`} data-testid="sponsor-application">
                  <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                    <div className="min-w-0">
                      <h4 id={`application-${a.id}`} className="font-medium text-gray-900 wrap-anywhere">
                        {a.companyName}
                      </h4>
                      <p className="text-sm font-medium text-brand-800">{sponsorshipLevelLabel(a.sponsorshipLevel)}</p>
                    </div>
                    <DateAndStatus createdAt={a.createdAt} status={a.status} />
                  </div>
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
                </article>
              )
            }}
          </Paged>
        )}
      </ListState>
    </section>
  )
}

/** One page of an inbox list, with the admin's one paging control. */
function Paged<T extends { id: string }>({
  items,
  label,
  pager,
  children,
}: {
  items: T[]
  label: string
  pager: Pager | null
  children: (item: T) => ReactNode
}) {
  return (
    <>
      <ul className="divide-y divide-gray-200" aria-label={label}>
        {items.map((item) => (
          <li key={item.id} className="py-4">
            {children(item)}
          </li>
        ))}
      </ul>
      {pager && <PageControls pager={pager} label={label} />}
    </>
  )
}

function DateAndStatus({ createdAt, status }: { createdAt: string; status: string }) {
  return (
    <div className="flex shrink-0 items-center gap-3">
      <time dateTime={createdAt} className="text-sm text-gray-600">
        {formatDay(createdAt)}
      </time>
      <span>
        <span className="sr-only">Status: </span>
        <StatusBadge status={status} />
      </span>
    </div>
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
