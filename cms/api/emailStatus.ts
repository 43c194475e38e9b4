import { Router } from 'express'
import type { Payload } from 'payload'
import { readSettings, RECEIPTS_HELD_REASON, receiptsHeld } from '../email/messages'
import { env } from '../env'
import { emailEnabled } from '../outbox/mailer'
import { asStaff } from './crud'

/** GET /api/admin/email-status: whether email is on, what waits in the outbox and why (the admin Overview). */
export type EmailStatus = {
  enabled: boolean
  pending: number
  held: number
  failed: number
  sent: number
  /** EMAIL_PER_HOUR: at most this many messages an hour (0: no limit), so the Overview can say how long the rest take. */
  perHour: number
  receiptsHeld: string | null
  problems: Array<{ id: string; kind: string; to: string | null; status: string; lastError: string | null; attempts: number }>
}

/** The email status of the admins' Overview (mounted at /email-status). */
export function emailStatusRouter(payload: Payload): Router {
  const router = Router()
  // Whether email is on, what waits in the outbox and why: shown on the admin Overview.
  router.get('/', async (req, res) => {
    const count = async (...status: string[]) =>
      (await payload.count({ collection: 'email-outbox', where: { status: { in: status } }, ...asStaff(req) })).totalDocs
    const recent = await payload.find({
      collection: 'email-outbox',
      where: { status: { in: ['held', 'failed'] } },
      sort: '-updatedAt',
      limit: 20,
      depth: 0,
      ...asStaff(req),
    })
    res.json({
      enabled: emailEnabled,
      // A message a process has claimed and is handing to the mail server (`sending`) has not gone out yet.
      pending: await count('pending', 'sending'),
      held: await count('held'),
      failed: await count('failed'),
      sent: await count('sent'),
      perHour: env.EMAIL_PER_HOUR,
      receiptsHeld: receiptsHeld(await readSettings(payload)) ? RECEIPTS_HELD_REASON : null,
      problems: recent.docs.map((d) => ({
        id: d.id,
        kind: d.kind,
        to: d.to ?? null,
        status: d.status,
        lastError: d.lastError ?? null,
        attempts: d.attempts ?? 0,
      })),
    } satisfies EmailStatus)
  })

  return router
}
