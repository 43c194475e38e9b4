import { PAGE_PATHS, PERSONAL_PAGES } from '#shared/publicPages'

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

/** Renders every public page into the cache, one after another (each the size a visitor's browser asks for); a personal one is never cached. */
export async function warmUpPages(port: number) {
  const cached = Object.keys(PAGE_PATHS).filter((path) => !PERSONAL_PAGES.has(PAGE_PATHS[path]))
  for (const path of cached) await warmUp(`http://127.0.0.1:${port}${path}`, { headers: { 'Accept-Encoding': 'br' } })
}
