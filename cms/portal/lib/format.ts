/** The admin shows every amount with 2 decimals (formatMoney's option; e2e/admin-overview.test.ts). */
export const ADMIN_MONEY = { alwaysCents: true } as const
import type { SponsorApplicationInput } from '#shared/schemas'
import { BUSINESS_TYPE_LABELS, type BusinessType } from '#shared/businessTypes'
import { calendarDayLabel, isCalendarDay } from '#shared/clubDay'

export type GameResult = 'WIN' | 'LOSS' | 'TIE'

/** A result exists only when both scores are set (format.unit.test.ts). */
export function gameResult(ourScore: number | null | undefined, opponentScore: number | null | undefined): GameResult | null {
  if (ourScore === null || ourScore === undefined || opponentScore === null || opponentScore === undefined) return null
  if (ourScore > opponentScore) return 'WIN'
  if (ourScore < opponentScore) return 'LOSS'
  return 'TIE'
}

/**
 * The value a score input starts with when a game is edited. A product quirk
 * kept on purpose: an existing score of 0 is treated as empty, so saving the
 * form unchanged turns that 0 into null.
 */
export function scoreInputValue(score: number | null | undefined): string {
  return score ? String(score) : ''
}

/** Score input → payload value: empty means null; anything else is a number the schema checks. */
export function scoreFromInput(value: string): number | null | string {
  const trimmed = value.trim()
  if (trimmed === '') return null
  const n = Number(trimmed)
  return Number.isFinite(n) ? n : trimmed
}

/** Benefits are typed one per line; blank lines are dropped. */
export function benefitsFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
}

export const CONTENT_PREVIEW_LENGTH = 100

/** Current-value preview of a content field: the first 100 characters, with an ellipsis when cut. */
export function contentPreview(value: string | null | undefined): string {
  const text = value ?? ''
  return text.length > CONTENT_PREVIEW_LENGTH ? `${text.slice(0, CONTENT_PREVIEW_LENGTH)}...` : text
}

/** "2026-11-18" → "Wed, Nov 18, 2026" in the viewer's calendar (no time-zone shift). */
export function formatGameDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date)
  if (!match) return date
  const d = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return d.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
}

/** "19:00" → "7:00 PM"; anything else (already "7:00 PM") is shown as stored. */
export function formatGameTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim())
  if (!match) return time
  const hours = Number(match[1])
  if (hours > 23) return time
  const suffix = hours >= 12 ? 'PM' : 'AM'
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`
}

/** A stored time ("7:00 PM" or "19:00") → the "HH:MM" a time input needs; "" when unreadable. */
export function timeInputValue(time: string | null | undefined): string {
  const text = (time ?? '').trim()
  const h24 = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text)
  if (h24 && Number(h24[1]) < 24) return `${h24[1].padStart(2, '0')}:${h24[2]}`
  const h12 = /^(\d{1,2})(?::(\d{2}))?\s*([AaPp])\.?[Mm]\.?$/.exec(text)
  if (h12) {
    let hours = Number(h12[1]) % 12
    if (/[Pp]/.test(h12[3])) hours += 12
    return `${String(hours).padStart(2, '0')}:${h12[2] ?? '00'}`
  }
  return ''
}

/**
 * A stored day ("2026-01-01", a gift's club day) → "Jan 1, 2026", the same day in every browser time zone;
 * an instant (an ISO timestamp) → its day in the viewer's calendar.
 */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return ''
  if (isCalendarDay(iso)) return calendarDayLabel(iso)
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
}

/** The /sponsor page's level names, keyed by the stored value (features/sponsorship/tiers.ts). */
const SPONSORSHIP_LEVEL_NAMES: Record<SponsorApplicationInput['sponsorshipLevel'], string> = {
  bronze: 'Free Throw',
  silver: 'Two Point',
  gold: 'Three Point',
}

/** "bronze" → "Free Throw (bronze)"; an unknown level is shown as stored. */
export function sponsorshipLevelLabel(level: string): string {
  const name = Object.hasOwn(SPONSORSHIP_LEVEL_NAMES, level) ? SPONSORSHIP_LEVEL_NAMES[level as keyof typeof SPONSORSHIP_LEVEL_NAMES] : null
  return name ? `${name} (${level})` : level
}

/** A phone number as typed → a tel: address (digits and a leading +), or null when there are no digits. */
export function telHref(phone: string | null | undefined): string | null {
  const text = (phone ?? '').trim()
  const digits = text.replace(/\D/g, '')
  if (!digits) return null
  return `tel:${text.startsWith('+') ? '+' : ''}${digits}`
}

/** "real-estate" → "Real Estate"; an unknown type is shown as stored. */
export function businessTypeLabel(type: string): string {
  return Object.hasOwn(BUSINESS_TYPE_LABELS, type) ? BUSINESS_TYPE_LABELS[type as BusinessType] : type
}
