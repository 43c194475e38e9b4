import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cached, cacheSize, invalidatePublicCache, MAX_BYTES, MAX_ENTRIES, peekCached, preferredEncoding, remembered } from './cache'

/** The public cache's bounds (SECURITY.md §10): entries and bytes, least recently used out first, one at a time. */
describe('public page cache', () => {
  const fill = (key: string, bytes = 10) => cached(key, async () => ({ body: Buffer.alloc(bytes), br: null, gzip: null }))

  it('evicts the least recently used entry when full, never the others', async () => {
    invalidatePublicCache()
    for (let i = 0; i < MAX_ENTRIES; i++) await fill(`page:${i}`)
    await fill('page:0') // used again: now the most recent
    await fill('page:new')
    expect(cacheSize().entries).toBe(MAX_ENTRIES)
    expect(peekCached('page:1')).toBeUndefined() // the least recently used went
    for (const key of ['page:0', 'page:2', `page:${MAX_ENTRIES - 1}`, 'page:new']) expect(peekCached(key), key).toBeDefined()
  })

  it('holds at most MAX_BYTES, counting each response’s bodies', async () => {
    invalidatePublicCache()
    const quarter = Math.ceil(MAX_BYTES / 4) + 1
    for (let i = 0; i < 4; i++) await fill(`big:${i}`, quarter)
    expect(cacheSize().bytes).toBeLessThanOrEqual(MAX_BYTES)
    expect(cacheSize().entries).toBe(3)
    expect(peekCached('big:0')).toBeUndefined()
    for (const key of ['big:1', 'big:2', 'big:3']) expect(peekCached(key), key).toBeDefined()
    invalidatePublicCache()
    expect(cacheSize()).toEqual({ entries: 0, bytes: 0 })
  })
})

/**
 * Time and the cache (docs/SCALING.md "When the cache is dropped"): an entry lasts until public data changes or the
 * club's day does (America/Chicago here), so no visitor waits for a render the clock alone asked for. Only Date is
 * faked; promises run as they do.
 */
describe('public page cache over time', () => {
  const made: string[] = []
  const page = () => cached('page:/', async () => `render ${made.push(new Date().toISOString())}`)
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    invalidatePublicCache()
    made.length = 0
  })
  afterEach(() => vi.useRealTimers())

  it("keeps a page through the day, the UTC date's change included, and makes it again on the club's next day", async () => {
    vi.setSystemTime(new Date('2026-12-31T08:00:00-06:00'))
    expect(await page()).toBe('render 1')
    vi.setSystemTime(new Date('2026-12-31T19:00:00-06:00')) // eleven hours on, and January 1st in UTC
    expect(await page()).toBe('render 1')
    expect(peekCached('page:/')).toBe('render 1')
    vi.setSystemTime(new Date('2027-01-01T00:00:05-06:00')) // the club's New Year
    expect(peekCached('page:/')).toBeUndefined()
    expect(await page()).toBe('render 2')
    expect(made).toEqual(['2026-12-31T14:00:00.000Z', '2027-01-01T06:00:05.000Z'])
  })

  it('makes a page again when public data changes, whatever the hour', async () => {
    vi.setSystemTime(new Date('2026-11-27T12:00:00-06:00'))
    expect(await page()).toBe('render 1')
    vi.setSystemTime(new Date('2026-11-27T12:00:02-06:00'))
    invalidatePublicCache()
    expect(await page()).toBe('render 2')
  })
})

/** The hot path's parsers remember their answers (docs/SCALING.md, where a cached page's CPU goes), within a bound. */
describe('remembered answers', () => {
  it('computes each input once, and empties itself when full so random inputs cannot grow it', () => {
    const computed: string[] = []
    const length = remembered((input: string) => {
      computed.push(input)
      return input.length
    }, 3)
    expect([length('a'), length('bb'), length('a'), length('bb')]).toEqual([1, 2, 1, 2])
    expect(computed).toEqual(['a', 'bb'])
    for (const input of ['ccc', 'dddd', 'eeeee']) length(input)
    // Full at the fourth distinct input: emptied, so 'a' is computed again.
    expect(length('a')).toBe(1)
    expect(computed).toEqual(['a', 'bb', 'ccc', 'dddd', 'eeeee', 'a'])
  })

  it('answers the same encoding for a header the second time, a refusal (q=0) included', () => {
    for (let i = 0; i < 2; i++) {
      expect(preferredEncoding('gzip, deflate, br')).toBe('br')
      expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
      expect(preferredEncoding(['identity'])).toBeNull()
      expect(preferredEncoding(undefined)).toBeNull()
    }
  })
})
