import { PAGE_PATHS } from '#shared/publicPages'

/**
 * Asks a server for a page and reads the answer to its end, so that the work a first visitor would wait for
 * (rendering a page, loading Next's code) is done before anyone asks. Never fails: it is only a warm-up.
 */
export const warmUp = (url: string, init?: RequestInit): Promise<void> =>
  fetch(url, init)
    .then((res) => res.arrayBuffer())
    .then(
      () => undefined,
      () => undefined,
    )

/** Renders every public page into the cache, one after another (each the size a visitor's browser asks for). */
export async function warmUpPages(port: number) {
  for (const path of Object.keys(PAGE_PATHS)) await warmUp(`http://127.0.0.1:${port}${path}`, { headers: { 'Accept-Encoding': 'br' } })
}
