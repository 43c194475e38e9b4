import { describe, expect, it } from 'vitest'
import { nextBackupAt } from './backups'

/** The scheduled backup keeps to BACKUP_AT o'clock in the club's time zone (README "Configuration"). */
describe('when the next scheduled backup is due', () => {
  const chicago = { timeZone: 'America/Chicago', atHour: 3 }
  const at = (instant: string, options: { everyHours: number; atHour: number; timeZone: string }) =>
    new Date(nextBackupAt(Date.parse(instant), options)).toISOString()

  it('daily: the next 3 a.m. in Chicago, later the same night or the next one', () => {
    // 1 a.m. in Chicago (CST, UTC−6): 3 a.m. the same night.
    expect(at('2026-11-26T07:00:00Z', { everyHours: 24, ...chicago })).toBe('2026-11-26T09:00:00.000Z')
    // 3 a.m. exactly, the moment it runs: the next night.
    expect(at('2026-11-26T09:00:00Z', { everyHours: 24, ...chicago })).toBe('2026-11-27T09:00:00.000Z')
    // 10 p.m. (04:00 UTC the next day): 3 a.m. after midnight.
    expect(at('2026-11-27T04:00:00Z', { everyHours: 24, ...chicago })).toBe('2026-11-27T09:00:00.000Z')
  })

  it('keeps the hour across daylight saving time', () => {
    // The evening before clocks spring forward (2027-03-14): 3 a.m. CDT is 08:00 UTC, 23 hours after the last one.
    expect(at('2027-03-14T04:00:00Z', { everyHours: 24, ...chicago })).toBe('2027-03-14T08:00:00.000Z')
    // The evening before they fall back (2026-11-01): 3 a.m. CST is 09:00 UTC, 25 hours after the last one.
    expect(at('2026-11-01T03:00:00Z', { everyHours: 24, ...chicago })).toBe('2026-11-01T09:00:00.000Z')
  })

  it('every 6 hours: at 3, 9, 15 and 21 o’clock', () => {
    // 4 p.m. in Chicago (22:00 UTC): 9 p.m.
    expect(at('2026-11-26T22:00:00Z', { everyHours: 6, ...chicago })).toBe('2026-11-27T03:00:00.000Z')
    // 2 a.m.: 3 a.m.
    expect(at('2026-11-26T08:00:00Z', { everyHours: 6, ...chicago })).toBe('2026-11-26T09:00:00.000Z')
  })

  it('a short interval runs on through midnight (the day starts at BACKUP_AT, not at midnight)', () => {
    // 23:59:59 in Chicago, every 5.4 s (the tests' schedule): seconds later, not at 3 a.m.
    const now = Date.parse('2026-11-27T05:59:59Z')
    const next = nextBackupAt(now, { everyHours: 0.0015, ...chicago })
    expect(next - now).toBeGreaterThan(0)
    expect(next - now).toBeLessThanOrEqual(5400)
  })

  it('midnight in another time zone', () => {
    expect(at('2026-06-01T21:30:00Z', { everyHours: 24, atHour: 0, timeZone: 'Europe/Berlin' })).toBe('2026-06-01T22:00:00.000Z')
  })
})
