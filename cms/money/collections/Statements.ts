import type { CollectionConfig } from 'payload'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { GROUP } from '../../collections/groups'
import { moneyField } from '../../collections/fields'

/**
 * Every year-end statement as it was mailed (docs/payments.md "Statements"):
 * a year once told stays told. The figures and the PDF's very bytes are kept,
 * so the treasurer downloads exactly what the donor received
 * (GET /api/admin/statements/:id.pdf), whatever changed since (a level's goods
 * value, a refund, a setting). A later change is a new, corrected statement
 * that names the one it replaces; none is ever edited or deleted. Written by
 * the server alone (cms/email/statements.ts `keepStatement`).
 */
export const Statements: CollectionConfig = {
  slug: 'statements',
  admin: {
    group: GROUP.system,
    hidden: true,
    useAsTitle: 'email',
    defaultColumns: ['year', 'email', 'kind', 'totalAmount', 'preparedOn'],
  },
  access: { read: isAdmin, create: nobody, update: nobody, delete: nobody },
  defaultSort: '-createdAt',
  fields: [
    { name: 'year', type: 'number', required: true, index: true },
    // Trimmed and lower-cased, as donors are grouped (cms/email/statements.ts).
    { name: 'email', type: 'text', required: true, maxLength: 254, index: true },
    { name: 'name', type: 'text', maxLength: 200 },
    { name: 'kind', type: 'select', options: ['statement', 'corrected'], required: true, defaultValue: 'statement' },
    // The club's day it was written and mailed; the corrected one names it.
    { name: 'preparedOn', type: 'text', required: true, maxLength: 10 },
    // A corrected statement: the statement it replaces, and why.
    { name: 'replaces', type: 'text', maxLength: 100 },
    { name: 'reason', type: 'text', maxLength: 1000 },
    moneyField('totalAmount', { required: true }),
    moneyField('goodsAmount', { required: true }),
    moneyField('deductibleAmount', { required: true }),
    { name: 'giftCount', type: 'number', required: true },
    // What the email repeats: the statement's lines and where its totals start.
    { name: 'lines', type: 'json', required: true },
    { name: 'summaryAt', type: 'number', required: true },
    { name: 'filename', type: 'text', required: true, maxLength: 200 },
    // The PDF as mailed, base64: downloaded again byte for byte. Payload's default bound for text (40,000 characters)
    // would refuse a statement that embeds the fonts of a name in Chinese or Korean (about 100 KB); this one keeps a
    // PDF of up to about 3 MB.
    { name: 'pdf', type: 'textarea', required: true, maxLength: 4_000_000 },
    // The outbox message that mailed it (one statement per message, whatever the retries).
    { name: 'outboxKey', type: 'text', required: true, unique: true, maxLength: 200 },
  ],
}
