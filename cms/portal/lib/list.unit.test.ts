import { describe, expect, it } from 'vitest'
import { PAGE_SIZE, pageCount, pageKey, totalFrom } from './list'

describe('admin list paging', () => {
  it('asks for one page with the query the list endpoints accept', () => {
    expect(pageKey('/api/admin/campaigns', 1)).toBe(`/api/admin/campaigns?page=1&limit=${PAGE_SIZE}`)
    expect(pageKey('/api/admin/games', 3, 10)).toBe('/api/admin/games?page=3&limit=10')
  })

  it('reads X-Total-Count, and nothing else, as the total', () => {
    expect(totalFrom('120')).toBe(120)
    expect(totalFrom(' 0 ')).toBe(0)
    expect(totalFrom(null)).toBeNull()
    expect(totalFrom('')).toBeNull()
    expect(totalFrom('12.5')).toBeNull()
    expect(totalFrom('-3')).toBeNull()
  })

  it('has one page (no controls) without a total or when the total fits one page', () => {
    expect(pageCount(null)).toBe(1)
    expect(pageCount(PAGE_SIZE)).toBe(1)
    expect(pageCount(0)).toBe(1)
    expect(pageCount(PAGE_SIZE + 1)).toBe(2)
    expect(pageCount(101, 50)).toBe(3)
  })
})
