import express from 'express'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { CSV_BOM, CsvAmount, csvCell, sendCsv, toCsv } from './csv'

describe('CSV cells', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/)
    expect(csvCell('1+1')).toBe('1+1')
    expect(csvCell('a-b')).toBe('a-b')
  })

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    // A structured value is written as its JSON, quoted.
    expect(csvCell({ a: 1, b: 'x' })).toBe('"{""a"":1,""b"":""x""}"')
    expect(csvCell(['a'])).toBe('"[""a""]"')
    expect(toCsv(['a', 'b'], [{ a: 1, b: 'é', c: 'left out' }])).toBe('a,b\r\n1,é\r\n')
  })

  it('writes signed amounts as numbers, never prefixed as text', () => {
    expect(csvCell(new CsvAmount(-12525))).toBe('-125.25')
    expect(csvCell(new CsvAmount(5))).toBe('0.05')
    expect(csvCell(new CsvAmount(-7))).toBe('-0.07')
    expect(csvCell(new CsvAmount(0))).toBe('0.00')
    expect(csvCell('-125.25')).toBe("'-125.25")
  })

  it('starts a file with the UTF-8 byte-order mark Excel reads it by', () => {
    expect([...Buffer.from(CSV_BOM, 'utf8')]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('sends a download named for its contents, the mark first, as UTF-8 text/csv', async () => {
    const app = express().get('/export', (_req, res) => sendCsv(res, 'donors-2026', 'Name\r\nCafé\r\n'))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((listening) => server.once('listening', listening))
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/export`)
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="donors-2026.csv"')
      expect([...Buffer.from(await answer.arrayBuffer())]).toEqual([0xef, 0xbb, 0xbf, ...Buffer.from('Name\r\nCafé\r\n', 'utf8')])
    } finally {
      server.close()
    }
  })
})
