import { SMTPServer } from 'smtp-server'
import { freePort } from './port'

export type CapturedMail = {
  from: string
  to: string[]
  subject: string
  text: string
  html: string | null
  attachments: Array<{ filename: string; content: Buffer }>
  replyTo: string | null
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, for
 * email tests with no network. `failNext(n)` refuses the next n messages
 * (as a mail server that is down would), to test retries; `holdNextTo(address)`
 * keeps the next message to that address waiting for the server's answer until
 * `release()` (a slow mail server: the sender's outbox row stays `sending` meanwhile).
 */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = []
  /** Told of each message as it arrives (the waiters of `waitFor`). */
  const arrivals = new Set<() => void>()
  let failures = 0
  let holdingFor: string | null = null
  const held: Array<() => void> = []
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      const accept = () => {
        if (failures > 0) {
          failures--
          const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 })
          return callback(error)
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: header(raw, 'subject'),
          ...bodies(raw),
          replyTo: header(raw, 'reply-to') || null,
        })
        for (const arrived of arrivals) arrived()
        callback()
      }
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (!holdingFor || !session.envelope.rcptTo.some((r) => r.address === holdingFor)) return accept()
        holdingFor = null
        held.push(accept)
      })
    },
  })
  // A server process stopped in the middle of a send drops its connection (ECONNRESET): that is the
  // sender's business, not an uncaught error of the test run. What arrived is in `messages`.
  server.on('error', () => undefined)
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext: (n: number) => {
      failures = n
    },
    holdNextTo: (address: string) => {
      holdingFor = address
    },
    /** Whether a held message is waiting for `release()`. */
    holdsOne: () => held.length > 0,
    release: () => {
      for (const accept of held.splice(0)) accept()
    },
    /** Resolves as soon as a message matching `match` has arrived (looked for at each arrival), failing after `timeoutMs`. */
    waitFor: (match: (m: CapturedMail) => boolean, timeoutMs = 20_000) =>
      new Promise<CapturedMail>((resolve, reject) => {
        const look = () => {
          const found = messages.find(match)
          if (!found) return
          clearTimeout(timer)
          arrivals.delete(look)
          resolve(found)
        }
        const timer = setTimeout(() => {
          arrivals.delete(look)
          reject(new Error(`no matching email in ${timeoutMs} ms; got: ${messages.map((m) => m.subject).join(' | ')}`))
        }, timeoutMs)
        arrivals.add(look)
        look()
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The raw message (or one MIME part) split into unfolded headers and body. */
function split(raw: string) {
  const at = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ')
  return { head, body: raw.slice(at + 4) }
}

function header(raw: string, name: string): string {
  const line = split(raw)
    .head.split('\r\n')
    .find((l) => l.toLowerCase().startsWith(`${name}:`))
  return line ? decodeWords(line.slice(name.length + 1).trim()) : ''
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  )
}

/** The leaf parts of a message, however deeply multipart nests them. */
function leaves(raw: string): Array<{ head: string; raw: string }> {
  const { head, body: all } = split(raw)
  const boundary = /content-type:\s*multipart\/[\w-]+;[^\r\n]*?boundary="?([^";\r\n]+)"?/i.exec(head)?.[1]
  if (!boundary) return [{ head, raw }]
  return all
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => leaves(part.replace(/^\r\n/, '')))
}

/** The plain-text and HTML parts, and the attachments (as bytes). */
function bodies(raw: string) {
  const parts = leaves(raw)
  const isAttachment = (head: string) => /content-disposition:\s*attachment/i.test(head)
  const ofType = (type: string) => parts.find((p) => !isAttachment(p.head) && new RegExp(`content-type:\\s*${type}`, 'i').test(p.head))
  const plain = parts.length === 1 ? parts[0] : ofType('text/plain')
  const html = ofType('text/html')
  return {
    text: plain ? body(plain.raw) : '',
    html: html ? body(html.raw) : null,
    attachments: parts
      .filter((p) => isAttachment(p.head))
      .map((p) => ({
        filename: /filename="?([^";\r\n]+)"?/i.exec(p.head)?.[1] ?? '',
        content: Buffer.from(split(p.raw).body.replace(/\s+/g, ''), 'base64'),
      })),
  }
}

function body(raw: string): string {
  const { head, body: text } = split(raw)
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n')
  }
  return text.replace(/\r\n/g, '\n')
}

/** The server's mail settings for a capture server: its address and the club's sender. */
export const mailSettings = (smtp: { url: string }) => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Lady Hawks Boosters <boosters@ladyhawks.test>' })
