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
