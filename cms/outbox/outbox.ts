import type { Payload, PayloadRequest, Where } from 'payload'
import { PROCESS_ID } from '../db/serverState'
import { inTransaction } from '../db/transaction'
import { env } from '../env'
import { emailEnabled } from './mailer'

/**
 * Outgoing email is written to the `email-outbox` collection in the same
 * transaction as the record it is about, and sent afterwards by this worker:
 * a request never waits for or fails on the mail server, a failed send is
 * recorded (lastError) and retried with a doubling delay, and after
 * MAX_ATTEMPTS it stays `failed` until an admin resends it.
 */
export const MAX_ATTEMPTS = 8

/** One queued message: which kind, about which record, keyed once. */
export type OutboxItem = { key: string; kind: string; recordId: string; to?: string }

export type Email = {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>
  /**
   * What the message told of its record when it was written (a receipt: the refunded total it gave), kept on its
   * row once sent, so a later message about the same record can tell whether the donor already knows.
   */
  told?: string
}
/**
 * A message written; or why it cannot be written yet (a missing setting, another message to go first): it is
 * then held and tried again; or why it is no longer to be sent (the gift it thanks for was voided first): withdrawn.
 */
export type Composed = Email | { hold: string; retryInMs?: number } | { withdraw: string }

/**
 * Writes a message when it is sent, so it carries the current settings: `composeEmail`
 * (cms/email/messages.ts), handed over by cms/start.ts. The queue sits below the rules that fill it
 * (payments, inbox), the texts above the records they read.
 */
export type Compose = (payload: Payload, item: OutboxItem) => Promise<Composed>

/** Adds a message once per key; a key already queued or sent is left as it is. True when it was added. */
export async function enqueueEmail(payload: Payload, req: PayloadRequest, item: OutboxItem): Promise<boolean> {
  const { totalDocs } = await payload.count({ collection: 'email-outbox', where: { key: { equals: item.key } }, req, overrideAccess: true })
  if (totalDocs > 0) return false
  await payload.create({
    collection: 'email-outbox',
    data: { ...item, to: item.to ?? '', status: 'pending', attempts: 0, nextAttemptAt: new Date().toISOString() },
    req,
    depth: 0,
    overrideAccess: true,
  })
  return true
}

/** Puts a message (e.g. a receipt) back in the queue, or queues it for the first time. */
export async function requeueEmail(payload: Payload, req: PayloadRequest, item: OutboxItem): Promise<void> {
  const { docs } = await payload.find({
    collection: 'email-outbox',
    where: { key: { equals: item.key } },
    limit: 1,
    req,
    overrideAccess: true,
  })
  if (!docs[0]) {
    await enqueueEmail(payload, req, item)
    return
  }
  await payload.update({
    collection: 'email-outbox',
    id: docs[0].id,
    data: { status: 'pending', attempts: 0, nextAttemptAt: new Date().toISOString(), lastError: null, ...(item.to ? { to: item.to } : {}) },
    req,
    depth: 0,
    overrideAccess: true,
  })
}

/** Whether the message under `key` is queued and has not gone yet (waiting its turn, or held for a setting). */
export async function stillWaiting(payload: Payload, key: string): Promise<boolean> {
  const { totalDocs } = await payload.count({
    collection: 'email-outbox',
    where: { and: [{ key: { equals: key } }, { status: { in: ['pending', 'held'] } }] },
    overrideAccess: true,
  })
  return totalDocs > 0
}

/** A setting held messages were waiting for has changed: try them now. */
export async function releaseHeldEmail(payload: Payload) {
  await payload.update({
    collection: 'email-outbox',
    where: { status: { equals: 'held' } },
    data: { nextAttemptAt: new Date().toISOString() },
    depth: 0,
    overrideAccess: true,
  })
  kickOutbox()
}

let worker: { payload: Payload; compose: Compose; timer: NodeJS.Timeout; running: boolean; again: boolean } | undefined

/** Starts sending (when SMTP_URL is set): now, every few seconds, and whenever kicked. */
export function startOutbox(payload: Payload, compose: Compose) {
  if (!emailEnabled || worker) return
  const timer = setInterval(() => kickOutbox(), Math.min(env.EMAIL_RETRY_MS, 5000))
  timer.unref()
  worker = { payload, compose, timer, running: false, again: false }
  kickOutbox()
}

export function stopOutbox() {
  if (worker) clearInterval(worker.timer)
  worker = undefined
}

/** Sends what is due, after the current request has committed its records. */
export function kickOutbox() {
  const w = worker
  if (!w) return
  if (w.running) {
    w.again = true
    return
  }
  w.running = true
  setImmediate(async () => {
    try {
      // A full batch may leave more due behind it (a mailing of hundreds): go on at once rather than at the next tick.
      for (let more = true; more || w.again;) {
        w.again = false
        more = await sendDue(w.payload, w.compose)
      }
    } catch (err) {
      w.payload.logger.error({ msg: 'Email outbox', err })
    } finally {
      w.running = false
    }
  })
}

/**
 * How long a process's claim on a message holds: far longer than a send can
 * take (mailer.ts: 15 s to connect, 30 s per socket wait), so only a message
 * whose process died mid-send is taken over by another, after this time. A
 * crash between the mail server's acceptance and the `sent` mark can still
 * send that one message twice; SMTP offers nothing to close that gap.
 */
export const CLAIM_MS = 2 * 60_000

/** A message any process may take: due, or claimed by a process whose claim has lapsed. */
const claimable = (now: string): Where => ({
  or: [
    { and: [{ status: { in: ['pending', 'held'] } }, { nextAttemptAt: { less_than_equal: now } }] },
    { and: [{ status: { equals: 'sending' } }, { claimedUntil: { less_than: now } }] },
  ],
})

/**
 * How many more messages may go out now under EMAIL_PER_HOUR (every process counts the same sent rows, so they
 * share the budget); Infinity without a limit. A message left waiting is not an attempt: nothing fails for it.
 */
export async function sendingBudget(payload: Payload): Promise<number> {
  if (env.EMAIL_PER_HOUR === 0) return Infinity
  const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString()
  const { totalDocs } = await payload.count({
    collection: 'email-outbox',
    where: { and: [{ status: { equals: 'sent' } }, { sentAt: { greater_than: hourAgo } }] },
    overrideAccess: true,
  })
  return Math.max(0, env.EMAIL_PER_HOUR - totalDocs)
}

/** Sends up to a batch of the messages due; true when the batch was full (more may be due). */
async function sendDue(payload: Payload, compose: Compose): Promise<boolean> {
  const budget = await sendingBudget(payload)
  if (budget === 0) return false
  const limit = Math.min(BATCH, budget)
  const { docs } = await payload.find({
    collection: 'email-outbox',
    where: claimable(new Date().toISOString()),
    sort: 'nextAttemptAt',
    limit,
    depth: 0,
    overrideAccess: true,
  })
  for (const candidate of docs) {
    const item = await claim(payload, candidate.id)
    if (item) await deliver(payload, compose, item)
  }
  return docs.length === limit
}

/** How many messages one pass reads and sends. */
const BATCH = 25

/**
 * Marks a message `sending` by this process if it is still claimable, in one
 * transaction (SQLite: the write lock is taken at its start; MongoDB replica
 * set: a concurrent claim is a write conflict), then reads the claim back.
 * With any number of processes, exactly one gets each message.
 */
async function claim(payload: Payload, id: string | number) {
  const now = new Date()
  const claimedUntil = new Date(now.getTime() + CLAIM_MS).toISOString()
  try {
    await inTransaction(payload, null, async (req) => {
      const where: Where = { and: [{ id: { equals: id } }, claimable(now.toISOString())] }
      const still = await payload.db.findOne({ collection: 'email-outbox', where, req })
      if (still)
        await payload.db.updateOne({
          collection: 'email-outbox',
          id,
          data: { status: 'sending', claimedBy: PROCESS_ID, claimedUntil },
          req,
          returning: false,
        })
    })
  } catch (err) {
    payload.logger.warn({ msg: 'Email outbox: lost a claim to another process', err })
    return null
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an outbox row's payload differs by message kind (receipt, notice, confirmation)
  const item = (await payload.db.findOne({ collection: 'email-outbox', where: { id: { equals: id } } })) as Record<string, any> | null
  return item?.status === 'sending' && item.claimedBy === PROCESS_ID ? item : null
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an outbox row's payload differs by message kind (receipt, notice, confirmation)
async function deliver(payload: Payload, compose: Compose, item: Record<string, any>) {
  const update = (data: Record<string, unknown>) =>
    payload.update({ collection: 'email-outbox', id: item.id, data, depth: 0, overrideAccess: true })
  const attempts = (item.attempts ?? 0) + 1
  let message
  try {
    message = await compose(payload, item as OutboxItem)
  } catch (err) {
    message = { hold: `Could not prepare the message: ${(err as Error).message}` }
  }
  if ('hold' in message) {
    // Waiting for a setting (legal name, EIN, the club's address), or for another message to go first: look again later.
    const retryInMs = message.retryInMs ?? env.EMAIL_RETRY_MS
    await update({ status: 'held', lastError: message.hold, nextAttemptAt: new Date(Date.now() + retryInMs).toISOString() })
    return
  }
  if ('withdraw' in message) {
    // What it was about changed before it left (a receipt for a gift voided or refunded first): never sent, and why.
    await update({ status: 'withdrawn', lastError: message.withdraw })
    return
  }
  try {
    const { told, ...mail } = message
    await payload.sendEmail(mail)
    await update({
      status: 'sent',
      sentAt: new Date().toISOString(),
      attempts,
      to: message.to,
      subject: message.subject,
      lastError: null,
      told: told ?? null,
    })
  } catch (err) {
    const delay = env.EMAIL_RETRY_MS * 2 ** (attempts - 1)
    await update({
      status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
      attempts,
      to: message.to,
      subject: message.subject,
      lastError: String((err as Error)?.message ?? err).slice(0, 1000),
      nextAttemptAt: new Date(Date.now() + delay).toISOString(),
    })
  }
}
