import type { Pager } from '../lib/list'
import { Button } from './Button'

/** The one paging control of every admin list: Previous, "Page N of M", Next. */
export function PageControls({ pager, label }: { pager: Pager; label: string }) {
  const { page, pages, setPage } = pager
  return (
    <nav aria-label={`${label} pages`} className="mt-6 flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        Previous
      </Button>
      <p className="text-sm text-gray-700" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        Next
      </Button>
    </nav>
  )
}
