/**
 * Payload's login reads the admin's session list before its transaction and
 * writes the whole list back afterwards (payloadcms/payload#18132): two
 * overlapping logins lose one session, and a login overlapping a logout can
 * bring the logged-out session back to life. Every change to one account's
 * sessions (login, logout, idle refresh, password change) therefore runs one
 * at a time in this process; other accounts, and unknown usernames, do not
 * wait for each other.
 */
const queues = new Map<string, Promise<unknown>>()

export function oneAtATime<T>(account: string, fn: () => Promise<T>): Promise<T> {
  const key = account.trim().toLowerCase()
  const run = (queues.get(key) ?? Promise.resolve()).then(fn)
  const tail = run.catch(() => undefined)
  queues.set(key, tail)
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key)
  })
  return run
}
