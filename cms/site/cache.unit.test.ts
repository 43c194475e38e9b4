import { describe, expect, it } from 'vitest'
import { cached, cacheSize, invalidatePublicCache, MAX_BYTES, MAX_ENTRIES, peekCached } from './cache'

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
