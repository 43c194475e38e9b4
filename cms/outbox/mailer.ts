import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import type { EmailAdapter } from 'payload'
import { env } from '../env'

/** Email is on only with SMTP_URL (README); without it nothing is sent and the admin is told so. */
export const emailEnabled = Boolean(env.SMTP_URL)

/** "Lady Hawks Boosters <boosters@example.org>" → name and address. */
export function parseFrom(from: string): { name: string; address: string } {
  const match = from.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/)
  return match ? { name: match[1].trim(), address: match[2].trim() } : { name: 'Lady Hawks Boosters', address: from.trim() }
}

/** Payload's email adapter for payload.config.ts, or undefined when email is off (never the adapter's online test account). */
export function emailAdapter(): Promise<EmailAdapter> | undefined {
  if (!env.SMTP_URL) return undefined
  const from = parseFrom(env.MAIL_FROM)
  return nodemailerAdapter({
    defaultFromAddress: from.address,
    defaultFromName: from.name,
    // Verifying would make start-up wait on the mail server; a failed send is recorded and retried instead.
    skipVerify: true,
    // nodemailer's SMTP transport reads a connection URL from `url`. One pooled connection: messages go one after
    // another over it (providers count connections, and refuse many at once); it is reopened after 100 messages.
    transportOptions: {
      url: env.SMTP_URL,
      pool: true,
      maxConnections: 1,
      maxMessages: 100,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    } as never,
  })
}
