import { DefaultTemplate } from '@payloadcms/next/templates'
import type { AdminViewServerProps, Payload } from 'payload'

/** What a signed-in account may not open: a collection it cannot read, or a Create New it cannot use. */
type Refusal = { collection: string; action: 'open' | 'create' }

/**
 * Payload answers a collection the account may not read with "Not Found", and a create it may not make with
 * "Unauthorized, you must be logged in": neither says what happened. The admin page (app/(payload)/admin)
 * sends such a visit here instead, to a refusal in plain words, inside Payload's frame and menu.
 */
export async function refusalFor(payload: Payload, headers: Headers, segments: string[] = []): Promise<Refusal | null> {
  const [area, slug, third] = segments
  if (area !== 'collections' || !slug || !payload.collections[slug as keyof typeof payload.collections]) return null
  const { user, permissions } = await payload.auth({ headers })
  if (!user) return null
  const allowed = permissions.collections?.[slug]
  if (!allowed?.read) return { collection: slug, action: 'open' }
  if (third === 'create' && !allowed.create) return { collection: slug, action: 'create' }
  return null
}

export const refusedPath = ({ collection, action }: Refusal) => `/admin/refused?${new URLSearchParams({ collection, action }).toString()}`

/**
 * The refusal page (payload.config.ts `admin.components.views.refused`). Payload renders a custom root view bare,
 * so it is wrapped in Payload's DefaultTemplate: the same side menu and header as every other admin page, from
 * which the editor goes on to what they may do.
 */
export function RefusedView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const slug = String(searchParams?.collection ?? '')
  const config = initPageResult.req.payload.collections[slug as keyof typeof initPageResult.req.payload.collections]?.config
  const plural = config?.labels?.plural
  const name = (typeof plural === 'string' ? plural : slug).toLowerCase() || 'this page'
  const creating = searchParams?.action === 'create'
  const { req, locale, permissions, visibleEntities } = initPageResult
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={req.payload}
      permissions={permissions}
      req={req}
      searchParams={searchParams}
      user={req.user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <div className="gutter--left gutter--right refused-view">
        <h1>{creating ? `Only an admin can add ${name}` : `Only an admin can open ${name}`}</h1>
        <p>
          Your account is an editor’s: it keeps the site’s content current. Ask an admin of the club if this needs doing.
          {creating && config && (
            <>
              {' '}
              You can still <a href={`/admin/collections/${slug}`}>change the existing {name}</a>.
            </>
          )}
        </p>
        <p>
          <a href="/admin">Back to the dashboard</a>
        </p>
      </div>
    </DefaultTemplate>
  )
}
