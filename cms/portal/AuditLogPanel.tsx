import { PageControls } from './components/PageControls'
import { ListState } from './components/States'
import { formatDay } from './lib/format'
import { useAdminList } from './lib/list'
import type { AdminAuditEntry } from '#shared/api'
import { KEYS } from './lib/keys'

const COLUMNS = ['When', 'Event', 'Who', 'What', 'From']
const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })

/** The audit log, newest first, a page at a time: who did what, when, from where. Read-only. */
export function AuditLogPanel() {
  const log = useAdminList<AdminAuditEntry>(KEYS.auditLog)
  const page = log.pager?.page ?? 1

  return (
    <section aria-labelledby="audit-log-title" className="grid gap-3">
      <h3 id="audit-log-title" className="text-base font-semibold text-gray-900">
        Audit log
      </h3>
      <p className="text-sm text-gray-600">
        Sign-ins, refused requests and every change, with who and when. Entries cannot be edited or deleted.
      </p>
      <ListState
        what="the audit log"
        data={log.items}
        error={log.error}
        isLoading={log.isLoading}
        retry={log.retry}
        empty={<p className="py-4 text-center text-gray-600">Nothing recorded yet</p>}
      >
        {(entries) => (
          // Focusable, so a keyboard can scroll a wide page of the log (axe: scrollable-region-focusable).
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Audit log, page ${page}`}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Audit log, page {page}</caption>
              <thead className="border-b border-gray-200 text-gray-600">
                <tr>
                  {COLUMNS.map((heading) => (
                    <th key={heading} scope="col" className="py-2 pr-3 font-medium last:pr-0">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td className="whitespace-nowrap py-2 pr-3 text-gray-700">
                      {formatDay(e.createdAt)} {time(e.createdAt)}
                    </td>
                    <td className="py-2 pr-3 font-medium text-gray-900">{e.event}</td>
                    <td className="py-2 pr-3 text-gray-700">{e.actor ?? '—'}</td>
                    <td className="py-2 pr-3 text-gray-700">
                      {e.targetCollection ?? ''}
                      {e.changes && Object.keys(e.changes).length > 0 ? (
                        <ul className="text-gray-600">
                          {Object.entries(e.changes).map(([field, { from, to }]) => (
                            <li key={field} className="break-words">
                              {field}: {shown(from)} → {shown(to)}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        e.changedFields.length > 0 && <span className="text-gray-600"> ({e.changedFields.join(', ')})</span>
                      )}
                    </td>
                    <td className="py-2 text-gray-700">{e.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      {log.pager && <PageControls pager={log.pager} label="Audit log" />}
    </section>
  )
}

/** An audited value as a treasurer reads it: empty for nothing, text as it is, anything else as JSON. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '(empty)' : typeof value === 'string' ? value : JSON.stringify(value)
