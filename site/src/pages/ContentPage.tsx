import { useParams } from 'react-router-dom'
import useSWR from 'swr'
import type { PublicPage } from '#shared/pages'
import { PublicLayout } from '../components/layout/PublicLayout'
import { useDocumentTitle } from '../lib/useDocumentTitle'
import NotFoundPage from './NotFoundPage'

/**
 * /{slug}: a footer page an editor published in Payload's admin (privacy
 * policy, terms, ...). The server already sanitized its HTML
 * (cms/content/richText.ts); an unpublished or unknown slug is Page Not Found.
 */
export default function ContentPage() {
  const { slug = '' } = useParams()
  const { data, error, isLoading } = useSWR<PublicPage>(`/api/pages/${encodeURIComponent(slug)}`)
  useDocumentTitle(data?.title)
  if (error) return <NotFoundPage />
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16" aria-busy={isLoading}>
        {data && (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">{data.title}</h1>
            <div className="rich-text mt-6" dangerouslySetInnerHTML={{ __html: data.html }} />
          </>
        )}
      </article>
    </PublicLayout>
  )
}
