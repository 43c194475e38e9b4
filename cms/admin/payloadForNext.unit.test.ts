import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { sharePayloadWithNext, writePayloadForNext } from './payloadForNext.mjs'

/**
 * Next's build imports Payload through links beside it; the server's bundle holds its own Payload, so each link must
 * lead Next to the server's modules, never to a second copy in node_modules (scripts/build.mjs).
 */
describe("Next's imports of Payload", () => {
  const nextDir = mkdtempSync(join(tmpdir(), 'payload-for-next-'))
  const target = join(nextDir, 'stand-in-for-node_modules-payload')
  afterAll(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('lady-hawks.payload-for-next')]
    rmSync(nextDir, { recursive: true, force: true })
  })

  it("become folders that hand Next the server's modules and no other, leaving what the link pointed to as it was", async () => {
    mkdirSync(join(nextDir, 'node_modules'), { recursive: true })
    mkdirSync(target)
    writeFileSync(join(target, 'kept.txt'), 'node_modules/payload stays')
    const link = join(nextDir, 'node_modules', 'payload-0123456789abcdef')
    const unshared = join(nextDir, 'node_modules', 'payload-fedcba9876543210')
    symlinkSync(target, link)
    symlinkSync(target, unshared)

    const modules = {
      payload: { default: 'the server’s instance', getPayload: async () => 'the server’s Payload' },
      'payload/shared': { isNumber: () => 'the server’s payload/shared' },
      'payload/internal': { sanitizePermissions: () => 'the server’s payload/internal' },
    }
    // An admin built by hand (`next build` alone) still has the links: the server refuses to load it.
    expect(() => sharePayloadWithNext(nextDir, modules)).toThrow(`${link} leads to a second Payload`)

    await writePayloadForNext(nextDir)
    // Twice, as a second build of the admin does: the folder is written again.
    await writePayloadForNext(nextDir)

    expect(lstatSync(link).isDirectory()).toBe(true)
    expect(readdirSync(link).sort()).toEqual(['index.mjs', 'internal.mjs', 'node.mjs', 'package.json', 'shared.mjs'])
    expect(readdirSync(target)).toEqual(['kept.txt'])
    // Before the server shares its Payload, the admin gets none rather than a second one.
    await expect(import(pathToFileURL(join(unshared, 'index.mjs')).href)).rejects.toThrow(
      "Next's build imported payload before the server shared its own",
    )

    sharePayloadWithNext(nextDir, modules)
    const main = await import(pathToFileURL(join(link, 'index.mjs')).href)
    expect(main.getPayload).toBe(modules.payload.getPayload)
    expect(main.default).toBe('the server’s instance')
    expect((await import(pathToFileURL(join(link, 'shared.mjs')).href)).isNumber).toBe(modules['payload/shared'].isNumber)
    expect((await import(pathToFileURL(join(link, 'internal.mjs')).href)).sanitizePermissions).toBe(
      modules['payload/internal'].sanitizePermissions,
    )
  })

  it('are where Next reaches Payload: a build without them is refused, by the build and by the server', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'payload-for-next-none-'))
    try {
      await expect(writePayloadForNext(empty)).rejects.toThrow(`Next's build in ${empty} has no link to Payload`)
      expect(() => sharePayloadWithNext(empty, { payload: {}, 'payload/shared': {}, 'payload/internal': {} })).toThrow(
        `Next's build in ${empty} has no link to Payload`,
      )
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
