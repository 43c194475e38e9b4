'use client'
import { useRouter } from 'next/navigation'
import { useEffect } from 'react'
import AdminPage from '#portal/AdminPage.tsx'
import { Spinner } from '#ui/Spinner.tsx'
import { useSession } from '#portal/lib/session.ts'
import type { DomainPortal } from '#portal/lib/domainPortal.ts'
import { contentPortal } from '../../content/portal'
import { membershipPortal } from '../../membership/portal'
import { moneyPortal } from '../../money/portal'
import { teamPortal } from '../../team/portal'
import { volunteersPortal } from '../../volunteers/portal'

/**
 * The domains' parts of the portal (docs/decisions/017): the portal's root lists them, as cms/domains.ts lists their
 * servers. Team before content: both tabs follow Campaigns, Team first (the spec's order).
 */
const DOMAIN_PORTALS: DomainPortal[] = [moneyPortal, teamPortal, contentPortal, membershipPortal, volunteersPortal]

/**
 * AdminPage decides between the login card and the dashboard from the
 * session, as in the SPA. Payload's routes decide the template around it, so
 * once the session changes the address follows: logged in → /admin (the
 * dashboard, with Payload's nav), logged out → /admin/login. Until Next has
 * moved there a spinner shows, never a screen that is about to be replaced.
 */
export default function PortalApp({ screen }: { screen: 'login' | 'dashboard' }) {
  const { data: session, isLoading } = useSession()
  const router = useRouter()
  const moving = !isLoading && ((screen === 'login' && !!session) || (screen === 'dashboard' && session === null))
  useEffect(() => {
    // The login card keeps the query: a recovery or sign-in link (/admin?reset=…) is read there (AccountRecovery).
    if (moving) router.replace(screen === 'login' ? '/admin' : `/admin/login${window.location.search}`)
  }, [moving, screen, router])

  return (
    <div className="lhb-portal">
      {moving ? (
        <main className="flex min-h-screen items-center justify-center bg-gray-50">
          <Spinner label={screen === 'login' ? 'Opening the dashboard…' : 'Returning to the login page…'} />
        </main>
      ) : (
        <AdminPage domains={DOMAIN_PORTALS} />
      )}
    </div>
  )
}
