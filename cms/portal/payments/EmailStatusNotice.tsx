import useSWR from 'swr'
import type { EmailStatus } from '#shared/api'
import { AttentionNotice } from '../components/AttentionNotice'
import { KEYS } from '../lib/keys'

/** Every few seconds while email waits to go out: a mailing's progress moves on the screen as it is sent. */
const MAILING_REFRESH_MS = 5_000

/**
 * The email status, fetched afresh whenever a screen that shows it opens (saving Content refetches it too), and
 * again every few seconds while a mailing is under way.
 */
export const useEmailStatus = () =>
  useSWR<EmailStatus>(KEYS.emailStatus, {
    revalidateOnMount: true,
    refreshInterval: (status) => (status?.enabled && status.pending > 0 ? MAILING_REFRESH_MS : 0),
  })

/**
 * Said wherever a screen promises a receipt: why receipts are held, while
 * they are (the legal name, EIN or mailing address is missing).
 */
export function ReceiptsHeldNote() {
  const { data } = useEmailStatus()
  if (!data?.receiptsHeld) return null
  return (
    <p role="status" className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="receipts-held">
      {data.receiptsHeld}
    </p>
  )
}

/** A mailing under way (year-end statements): what went, what waits, what failed, and how long the rest take. */
function mailingProgress({ sent, pending, failed, perHour }: EmailStatus): string {
  const counts = `Sending email: ${sent} sent, ${pending} waiting, ${failed} failed.`
  if (!perHour) return counts
  const hours = Math.ceil(pending / perHour)
  return `${counts} At most ${perHour} an hour (EMAIL_PER_HOUR), the waiting ones take about ${hours} hour${hours === 1 ? '' : 's'}.`
}

/**
 * Tells the admin when email is off (no SMTP_URL), when receipts are held for
 * missing organization details, how a mailing progresses, and when sends keep failing. Silent when all is well.
 */
export function EmailStatusNotice() {
  const { data } = useEmailStatus()
  if (!data) return null
  const notes: string[] = []
  if (!data.enabled) {
    notes.push(
      `Email is off: the server has no SMTP_URL, so no receipts or notices are sent${data.pending ? ` (${data.pending} waiting; they go out once email is set up, and receipts can be resent)` : ''}.`,
    )
  }
  if (data.enabled && data.pending > 0) notes.push(mailingProgress(data))
  if (data.receiptsHeld) notes.push(data.receiptsHeld)
  if (data.failed > 0)
    notes.push(
      `${data.failed} email${data.failed === 1 ? '' : 's'} could not be sent after several tries: ${data.problems.find((p) => p.status === 'failed')?.lastError ?? ''}`,
    )
  if (notes.length === 0) return null
  return <AttentionNotice title="Email" notes={notes} testId="email-status" />
}
