import type { CollectionConfig } from 'payload'
import { isAdmin } from '../access/isAdmin'
import { GROUP } from './groups'

/**
 * Who did what, when, from where (cms/audit/log.ts writes it). Append-only:
 * no API may create, edit or delete a row; only the server itself writes
 * (Local API) and prunes rows older than AUDIT_RETENTION_DAYS.
 */
export const AuditLog: CollectionConfig = {
  slug: 'audit-log',
  access: { read: isAdmin, create: () => false, update: () => false, delete: () => false },
  // Read in the portal's Audit log; hidden from Payload's menu.
  admin: {
    group: GROUP.system,
    hidden: true,
    useAsTitle: 'event',
    defaultColumns: ['createdAt', 'event', 'actor', 'ip', 'targetCollection'],
  },
  defaultSort: '-createdAt',
  fields: [
    { name: 'event', type: 'text', required: true, index: true, maxLength: 50 },
    { name: 'actor', type: 'text', maxLength: 100 },
    { name: 'ip', type: 'text', maxLength: 100 },
    { name: 'targetCollection', type: 'text', maxLength: 100 },
    { name: 'targetId', type: 'text', maxLength: 100 },
    /** Names of the fields an edit changed. */
    { name: 'changedFields', type: 'json' },
    /** For money and account records: each changed field's value before and after ({ field: { from, to } }); never a secret. */
    { name: 'changes', type: 'json' },
    { name: 'detail', type: 'json' },
  ],
}
