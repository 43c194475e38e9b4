import { afterEach } from 'vitest'
import type { TestServer } from './server'

/** When a test fails, print the end of its server's output next to it (the file's environment, or its own server). */
export function dumpServerOnFailure(getEnv: () => { server?: TestServer } | undefined) {
  afterEach((context) => {
    const server = getEnv()?.server
    if (context.task.result?.state === 'fail' && server) console.error(`server output:\n${server.output().slice(-4000)}`)
  })
}
