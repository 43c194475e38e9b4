import { Link } from 'wouter'
import { PublicLayout } from '../components/layout/PublicLayout'
import { useDocumentTitle } from '../lib/useDocumentTitle'

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found')
  return (
    <PublicLayout>
      <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
        <p className="text-7xl font-black text-brand-700 sm:text-8xl" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-gray-900 sm:text-4xl">Page Not Found</h1>
        <p className="mt-3 text-gray-600">That shot missed the rim. The page you are looking for doesn&apos;t exist or has moved.</p>
        <Link to="/" className="btn btn-primary mt-8">
          Back to Home
        </Link>
      </section>
    </PublicLayout>
  )
}
