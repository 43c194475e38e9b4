import { canMove, CONTACT_MOVES } from '#shared/payments'
import { Button, buttonClass } from '../components/Button'
import { sendAction } from './moneyActions'
import { KEYS } from '../lib/keys'

/**
 * What a volunteer does with a contact message: reply (opens their mail
 * program), mark read or unread, archive. Only the moves the server allows
 * are offered (shared/payments.ts CONTACT_MOVES).
 */
export function ContactMessageActions({ message }: { message: { id: string; name: string; email: string; status: string } }) {
  const move = (status: string, label: string) =>
    canMove(CONTACT_MOVES, message.status, status) && (
      <Button
        size="sm"
        variant="secondary"
        onClick={() =>
          void sendAction(
            'PUT',
            `${KEYS.contactMessages}/${message.id}`,
            { status },
            `Message marked ${status}`,
            'Could not update the message',
          )
        }
      >
        {label}
        <span className="sr-only"> (message from {message.name})</span>
      </Button>
    )
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <a
        href={`mailto:${message.email}?subject=${encodeURIComponent('Re: your message to the Lady Hawks Boosters')}`}
        className={buttonClass('secondary', 'sm')}
      >
        Reply<span className="sr-only"> to {message.name}</span>
      </a>
      {move('read', 'Mark read')}
      {move('unread', 'Mark unread')}
      {move('archived', 'Archive')}
    </div>
  )
}

/** Approve (creates the pending sponsorship at the tier's amount) or decline a pending application. */
export function SponsorApplicationActions({ application }: { application: { id: string; companyName: string; status: string } }) {
  if (application.status !== 'pending') return null
  const decide = (status: 'approved' | 'declined') =>
    void sendAction(
      'PUT',
      `${KEYS.sponsorApplications}/${application.id}`,
      { status },
      status === 'approved' ? 'Application approved: a pending sponsorship was created' : 'Application declined',
      'Could not update the application',
    )
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" onClick={() => decide('approved')}>
        Approve<span className="sr-only"> {application.companyName}</span>
      </Button>
      <Button size="sm" variant="secondary" onClick={() => decide('declined')}>
        Decline<span className="sr-only"> {application.companyName}</span>
      </Button>
    </div>
  )
}
