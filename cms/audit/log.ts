import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionConfig, Payload, PayloadRequest } from 'payload'
import { env } from '../env'
import { clientAddressOf } from '../security/clientAddress'

/**
 * The audit trail (SECURITY.md §9). Rows name people, addresses, records and
 * field names; for money and account records also each changed field's old
 * and new value, so a treasurer can answer "who changed this gift, from what
 * to what". Never passwords, tokens, hashes or second-factor secrets.
 */
export const AUDIT_COLLECTION = 'audit-log'

export type AuditEvent =
  | 'login'
  | 'login-failed'
  | 'login-throttled'
  | 'logout'
  | 'setup'
  | 'password-change'
  | 'password-reset'
  | 'recovery-requested'
  | 'invitation-sent'
  | 'sessions-revoked'
  | 'unlock'
  | 'create'
  | 'update'
  | 'delete'
  | 'cross-site-refused'
  | 'rate-limited'
  | 'unauthenticated'
  | 'totp-enabled'
  | 'totp-disabled'
  | 'recovery-codes-regenerated'
  | 'recovery-code-used'

export type AuditEntry = {
  event: AuditEvent
  actor?: string | null
  ip?: string | null
  targetCollection?: string
  targetId?: string
  changedFields?: string[]
  changes?: Record<string, { from: unknown; to: unknown }>
  detail?: Record<string, unknown>
}

/** Writes one row; inside the caller's transaction when `req` carries one. */
export async function audit(payload: Payload, entry: AuditEntry, req?: Partial<PayloadRequest>): Promise<void> {
  await payload.create({ collection: AUDIT_COLLECTION, data: entry, req, depth: 0, overrideAccess: true })
}

/**
 * For refusals an attacker can trigger at will (failed and throttled logins,
 * cross-site writes, 401s, 429s): at most SAMPLE_PER_MINUTE rows per event and
 * minute; the rest are counted and the count goes into the next row written.
 * Never fails the request it describes.
 */
const SAMPLE_PER_MINUTE = 10
const samples = new Map<AuditEvent, { minute: number; written: number; skipped: number }>()

export function auditSampled(payload: Payload, entry: AuditEntry): void {
  const minute = Math.floor(Date.now() / 60_000)
  const sample = samples.get(entry.event) ?? { minute, written: 0, skipped: 0 }
  if (sample.minute !== minute) Object.assign(sample, { minute, written: 0 })
  samples.set(entry.event, sample)
  if (sample.written >= SAMPLE_PER_MINUTE) {
    sample.skipped += 1
    return
  }
  sample.written += 1
  const skipped = sample.skipped
  sample.skipped = 0
  const detail = skipped ? { ...entry.detail, notRecordedBefore: skipped } : entry.detail
  audit(payload, { ...entry, detail }).catch((err) => payload.logger.error({ msg: 'Could not write the audit log', err }))
}

/** Fields that are bookkeeping or secret: never reported as changed. */
const UNREPORTED = new Set([
  'id',
  'collection',
  'updatedAt',
  'createdAt',
  'hash',
  'salt',
  'sessions',
  'loginAttempts',
  'lockUntil',
  'resetPasswordToken',
  'resetPasswordExpiration',
  'password',
  'totpSecret',
  'totpPendingSecret',
  'totpLastStep',
  'recoveryCodes',
  'emailChangeToken',
  'emailChangeExpiration',
])

function changedFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  data: Record<string, unknown> | undefined,
): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)])
  const changed = [...keys].filter((k) => !UNREPORTED.has(k) && JSON.stringify(before?.[k]) !== JSON.stringify(after[k]))
  // A new password is reported by name only.
  if (typeof data?.password === 'string') changed.push('password')
  return changed.sort()
}

/** Who acts: the signed-in person, else what the server's caller named (`context.actor`, e.g. "stripe"), else the system. */
export const actorOf = (req: PayloadRequest): string =>
  req.user
    ? String((req.user as { username?: unknown }).username ?? req.user.id)
    : typeof req.context?.actor === 'string'
      ? req.context.actor
      : 'system'

/**
 * Whose changed values are kept (old and new), not only the changed fields' names: every field of a
 * money record (its history apart: it is on the record), a campaign's money, an account's
 * names and role. Secrets never (UNREPORTED).
 */
const VALUES_KEPT: Record<string, (field: string) => boolean> = {
  donations: (field) => field !== 'history',
  sponsorships: (field) => field !== 'history',
  campaigns: (field) => ['goalAmount', 'baseAmount', 'giftsAmount', 'currentAmount'].includes(field),
  'admin-users': (field) => ['username', 'email', 'pendingEmail', 'role', 'totpEnabled'].includes(field),
  users: (field) => ['username', 'email'].includes(field),
}

/** Each kept field's value before and after. */
function changesOf(
  keep: (field: string) => boolean,
  fields: string[],
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
) {
  const kept = fields.filter(keep)
  return Object.fromEntries(kept.map((field) => [field, { from: before?.[field] ?? null, to: after[field] ?? null }]))
}
const addressOf = (req: PayloadRequest) =>
  typeof req.context?.clientAddress === 'string' ? req.context.clientAddress : clientAddressOf(req.headers)

const recordChange: CollectionAfterChangeHook = async ({ collection, doc, previousDoc, data, operation, req }) => {
  if (req.context?.skipAudit) return doc
  const fields = changedFields(operation === 'create' ? undefined : previousDoc, doc, data)
  if (operation === 'update' && fields.length === 0) return doc
  await audit(
    req.payload,
    {
      event: operation,
      actor: actorOf(req),
      ip: addressOf(req),
      targetCollection: collection.slug,
      targetId: String(doc.id),
      changedFields: fields,
      ...(VALUES_KEPT[collection.slug]
        ? { changes: changesOf(VALUES_KEPT[collection.slug], fields, operation === 'create' ? undefined : previousDoc, doc) }
        : {}),
    },
    req,
  )
  return doc
}

const recordDelete: CollectionAfterDeleteHook = async ({ collection, id, req }) => {
  await audit(
    req.payload,
    { event: 'delete', actor: actorOf(req), ip: addressOf(req), targetCollection: collection.slug, targetId: String(id) },
    req,
  )
}

/**
 * Payload has no global collection hooks: this adds the audit hooks to every
 * collection but the log itself, so every create, update and delete is
 * recorded whichever API made it (ours, Payload's REST or admin, the Local API).
 */
export function withAuditHooks(collection: CollectionConfig): CollectionConfig {
  if (collection.slug === AUDIT_COLLECTION) return collection
  const hooks = collection.hooks ?? {}
  return {
    ...collection,
    hooks: {
      ...hooks,
      afterChange: [...(hooks.afterChange ?? []), recordChange],
      afterDelete: [...(hooks.afterDelete ?? []), recordDelete],
    },
  }
}

/** Deletes rows older than AUDIT_RETENTION_DAYS; run at start and then hourly. */
export async function pruneAuditLog(payload: Payload, now = Date.now()): Promise<void> {
  const cutoff = new Date(now - env.AUDIT_RETENTION_DAYS * 24 * 60 * 60_000).toISOString()
  await payload.db.deleteMany({ collection: AUDIT_COLLECTION, where: { createdAt: { less_than: cutoff } } })
}
