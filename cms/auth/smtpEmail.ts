import nodemailer, { type SendMailOptions } from 'nodemailer'
import type { EmailAdapter } from 'payload'

/**
 * Minimal outgoing email from SMTP_URL/MAIL_FROM for account recovery. The
 * site-wide email setup (cms/email, @payloadcms/email-nodemailer) replaces it
 * at merge; both give Payload an adapter, so `payload.sendEmail` and
 * Payload's own forgot-password work the same.
 */
export const smtpEmailAdapter =
  (url: string, from: string): EmailAdapter =>
  () => {
    const transport = nodemailer.createTransport(url)
    return {
      name: 'smtp',
      defaultFromAddress: from,
      defaultFromName: 'Lady Hawks Boosters',
      sendEmail: (message) => transport.sendMail({ from, ...message } as SendMailOptions),
    }
  }
