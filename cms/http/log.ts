import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { hostname } from 'node:os'
import { stripVTControlCharacters } from 'node:util'
import { env } from '../env'

/**
 * One log format for everything the server prints (README "Logs"): JSON lines in the shape Payload's logger (pino)
 * writes, `{"level":30,"time":…,"pid":…,"hostname":…,"name":…,"msg":…}`, filtered by LOG_LEVEL like Payload's.
 * What libraries print through `console` (Next's warnings, React's) is turned into such lines too
 * (jsonConsole), so an operator's log reader never meets a line it cannot parse.
 */
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const
type Level = keyof typeof LEVELS
const threshold = env.LOG_LEVEL === 'silent' ? Infinity : LEVELS[env.LOG_LEVEL]
const host = hostname()

export function logLine(level: Level, name: string, msg: string, fields: Record<string, unknown> = {}) {
  if (LEVELS[level] < threshold) return
  const line = JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, hostname: host, name, msg, ...fields })
  // The access lines waiting for their write go first: the log keeps the order things happened in.
  flushOut()
  // Warnings and worse to stderr, as pino's defaults do not: both end up in `docker compose logs`.
  ;(LEVELS[level] >= LEVELS.warn ? process.stderr : process.stdout).write(line + '\n')
}

/** An Error as fields a log reader can search (no stack below error level: it names our files, not the cause). */
const describe = (value: unknown) =>
  value instanceof Error ? { err: { type: value.name, message: value.message, stack: value.stack } } : undefined

/** `console.*` from here on prints JSON lines of the matching level, named "console". */
export function jsonConsole() {
  const as =
    (level: Level) =>
    (...args: unknown[]) => {
      const error = args.find((a) => a instanceof Error)
      const text = args
        .filter((a) => a !== error)
        .map((a) => (typeof a === 'string' ? a : safeJson(a)))
        .join(' ')
      // Next and others colour their lines for a terminal: the log keeps the words.
      const words = stripVTControlCharacters(text).trim()
      logLine(level, 'console', words || (error as Error | undefined)?.message || '', describe(error))
    }
  console.log = as('info')
  console.info = as('info')
  console.warn = as('warn')
  console.error = as('error')
  console.debug = as('debug')
  console.trace = as('trace')
  // A crash is one JSON line too, then the exit Node would have made.
  process.on('uncaughtException', (error) => {
    logLine('fatal', 'process', 'Uncaught exception', describe(error))
    process.exit(1)
  })
  process.on('unhandledRejection', (reason) => {
    logLine('error', 'process', 'Unhandled promise rejection', describe(reason) ?? { reason: safeJson(reason) })
  })
}

const safeJson = (value: unknown) => {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

/**
 * The access log: one line per request once answered, with what an operator needs and nothing about the visitor
 * (no address, no query string, no user agent, no cookie): method, path, status, milliseconds.
 * It is the one line every request writes, so it is cheap (docs/SCALING.md): the line is formatted as text, not
 * built as an object and serialized, and the lines answered in one turn of the event loop leave in one write
 * (a write to a pipe is a system call, and synchronous).
 */
export function withAccessLog(handler: RequestListener): RequestListener {
  if (LEVELS.info < threshold) return handler
  const prefix = `{"level":${LEVELS.info},"time":`
  const origin = `,"pid":${process.pid},"hostname":${JSON.stringify(host)},"name":"access","msg":`
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint()
    res.once('close', () => {
      const url = req.url ?? '/'
      const query = url.indexOf('?')
      const path = query === -1 ? url : url.slice(0, query)
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10
      // A client that went away before the answer ended.
      const aborted = res.writableFinished ? '' : ',"aborted":true'
      bufferedOut(
        `${prefix}${Date.now()}${origin}${JSON.stringify(`${req.method} ${path} ${res.statusCode}`)},"method":${JSON.stringify(req.method)},"path":${JSON.stringify(path)},"status":${res.statusCode},"ms":${ms}${aborted}}\n`,
      )
    })
    handler(req, res)
  }
}

let pending = ''
/** Lines for stdout, written together once this turn of the event loop is over (or at 64 KB, or at exit). */
function bufferedOut(line: string) {
  if (pending === '') setImmediate(flushOut)
  pending += line
  if (pending.length > 65_536) flushOut()
}
function flushOut() {
  if (pending === '') return
  process.stdout.write(pending)
  pending = ''
}
process.once('exit', flushOut)
