import type { Payload } from 'payload'
import { duesReceiptLines, readSettings, receiptsHeld } from '../email/messages'
import { textPdf } from '../email/pdf'
import { orgName } from '../email/wording'

/**
 * A membership's receipt as a PDF (the member's page offers it): the very lines its mail carried, written by the
 * books' one receipt writer (cms/email/messages.ts), from the facts kept with the payment. Null while the payment
 * has no receipt number, or receipts are held for the club's legal name, EIN and address.
 */
export async function duesReceiptPdf(payload: Payload, duesId: string): Promise<{ pdf: Buffer; filename: string } | null> {
  const dues = await payload.findByID({ collection: 'dues', id: duesId, depth: 0, overrideAccess: true, disableErrors: true })
  const settings = await readSettings(payload)
  if (!dues?.receiptNumber || receiptsHeld(settings)) return null
  const lines = [
    orgName(settings),
    '',
    `Membership receipt ${dues.receiptNumber}`,
    '',
    ...(await duesReceiptLines(payload, dues, dues.receiptNumber, settings)),
  ]
  return { pdf: textPdf(lines, `Membership receipt ${dues.receiptNumber}`), filename: `membership-receipt-${dues.receiptNumber}.pdf` }
}
