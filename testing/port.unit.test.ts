import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { freePort, listensOn } from './port'

// Linux, as CI: elsewhere there is no /proc to read, and listensOn takes any answer as the server's.
describe('listensOn: whose server answers on a port', () => {
  it('is this process for the port it listens on, on every interface as a server does, and no other process', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, resolve))
    const { port } = server.address() as { port: number }
    try {
      expect(listensOn(process.pid, port)).toBe(true)
      expect(listensOn(process.ppid, port)).toBe(false)
      expect(listensOn(process.pid, await freePort())).toBe(false)
    } finally {
      server.close()
    }
  })
})
