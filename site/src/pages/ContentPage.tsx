import { useLocation } from 'wouter'
import useSWR from 'swr'
import type { PublicPage, PublishedPages } from '#shared/pages'
import { contentPageKey, normalizePath, PUBLIC_DATA } from '#shared/publicPages'
import { PublicLayout } from '../components/layout/PublicLayout'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import NotFoundPage from './NotFoundPage'

/**
 * /{slug}: a footer page an editor published in Payload's admin (privacy
 * policy, terms, ...), rendered on the server with its data (cms/site/pages.ts).
 * The server already sanitized its HTML (cms/site/richText.ts); an
 * unpublished slug is Page Not Found, on the server and in the browser alike.
 */
export default function ContentPage() {
  const slug = normalizePath(useLocation()[0]).slice(1)
  const { data: published } = useSWR<PublishedPages>(PUBLIC_DATA.pages)
  const isPublished = !!published?.slugs.some((s) => s === slug)
  const { data, error } = useSWR<PublicPage>(isPublished ? contentPageKey(slug) : null)
  useDocumentTitle(data?.title)
  if (published && !isPublished) return <NotFoundPage />
  if (error) return <NotFoundPage />
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16" aria-busy={!data}>
        {data && (
          <>
            {data.draft && (
              <p role="status" className="mb-6 rounded-md border border-amber-400 bg-amber-50 px-4 py-3 font-semibold text-amber-900">
                Draft — not public yet. Visitors see this page once it is published.
              </p>
            )}
            <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">{data.title}</h1>
            <div className="rich-text mt-6" dangerouslySetInnerHTML={{ __html: data.html }} />
          </>
        )}
      </article>
    </PublicLayout>
  )
}
