import type { Domain } from '../domain'
import { yearReceiptsDue } from '../payments/yearReceipts'
import { moneyAdminApi } from './adminApi'
import { moneyModel } from './model'
import { seedMoney } from './seed'

/**
 * The money (docs/payments.md, docs/ACCOUNTING.md): campaigns and sponsorship tiers, donations, sponsorships and
 * monthly gifts, deposits, Stripe's payouts, receipts and year-end statements. What the server's root takes from
 * this domain (cms/domains.ts). Stripe's webhook and the records' rules are cms/payments/ (the dues of a membership
 * are money records too); the mails' texts are still the house's (cms/email/messages.ts).
 */
export const money: Domain = {
  ...moneyModel,
  adminApi: moneyAdminApi,
  // Monthly donors' yearly receipt, in January when the admins chose it (cms/payments/yearReceipts.ts): daily, never twice.
  tasks: [{ name: 'year-receipts', everyMs: 24 * 60 * 60_000, run: yearReceiptsDue }],
  seed: seedMoney,
}
