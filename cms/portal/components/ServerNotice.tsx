import type { ServerStatus } from '#shared/adminSummary'
import { AttentionNotice } from './AttentionNotice'

/**
 * What the server needs from an admin besides its backups: a disk that is full or read-only (every save is refused
 * until it is put right, cms/http/storage.ts) and the club's contact address, without which contact and sponsor
 * notices wait. Nothing when all is well.
 */
export function ServerNotice({ server }: { server?: ServerStatus }) {
  if (!server) return null
  const notes = [
    server.storage?.message,
    server.contactEmailMissing &&
      'No club contact address: contact messages and sponsor applications are kept, but their email notices wait until one is set in Content → Contact · Email.',
  ].filter((note): note is string => Boolean(note))
  if (notes.length === 0) return null
  return <AttentionNotice title="Server" notes={notes} testId="server-status" />
}
