'use client'
import { useRouter } from 'next/navigation'
import { useEffect } from 'react'
import { BrowserRouter } from 'react-router-dom'
import AdminPage from '../../../site/src/admin/AdminPage'
import { useSession } from '../../../site/src/admin/lib/session'

/**
 * AdminPage decides between the login card and the dashboard from the
 * session, as in the SPA. Payload's routes decide the template around it, so
 * once the session changes the address follows: logged in → /admin (the
 * dashboard, with Payload's nav), logged out → /admin/login.
 */
export default function PortalApp({ screen }: { screen: 'login' | 'dashboard' }) {
  const { data: session, isLoading } = useSession()
  const router = useRouter()
  useEffect(() => {
    if (isLoading) return
    if (screen === 'login' && session) router.replace('/admin')
    if (screen === 'dashboard' && session === null) router.replace('/admin/login')
  }, [screen, session, isLoading, router])

  return (
    <div className="lhb-portal">
      <BrowserRouter>
        <AdminPage />
      </BrowserRouter>
    </div>
  )
}
