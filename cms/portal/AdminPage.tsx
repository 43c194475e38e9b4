import { FieldLook } from '#ui/form/fields.tsx'
import { Spinner } from '#ui/Spinner.tsx'
import { ADMIN_FIELD_LOOK } from './components/adminFieldLook'
import { Dashboard } from './Dashboard'
import { LoginScreen } from './LoginScreen'
import { SignedInSession, useSession } from './lib/session'
import { DomainPortals, type DomainPortal } from './lib/domainPortal'

/**
 * /admin: the session gate (e2e/admin-auth.test.ts). Unknown while GET /api/admin/me is
 * in flight (spinner), then the login card or the portal.
 */
export default function AdminPage({ domains }: { domains?: DomainPortal[] }) {
  const { data: session, error, isLoading } = useSession()

  // Every admin form, dialogs included (React context crosses their portals), has the admin's compact fields.
  return (
    <FieldLook look={ADMIN_FIELD_LOOK}>
      <title>Admin Portal · Lady Hawks Boosters</title>
      {isLoading && session === undefined ? (
        <main className="flex min-h-screen items-center justify-center bg-gray-50">
          <Spinner label="Checking your session…" />
        </main>
      ) : session ? (
        <SignedInSession value={session}>
          <DomainPortals value={domains ?? []}>
            <Dashboard user={session.user} />
          </DomainPortals>
        </SignedInSession>
      ) : (
        <LoginScreen sessionError={error} />
      )}
    </FieldLook>
  )
}
