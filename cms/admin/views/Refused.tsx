import { DefaultTemplate } from '@payloadcms/next/templates'
import type { AdminViewServerProps, Payload } from 'payload'

/** What a signed-in account may not open: a collection or a global it cannot read, or a Create New it cannot use. */
type Refusal = { area: 'collection' | 'global'; slug: string; action: 'open' | 'create' }

/**
 * Payload answers a collection or a global the account may not read with "Not Found", and a create it may not make
 * with "Unauthorized, you must be logged in": neither says what happened. The admin page (app/(payload)/admin)
 * sends such a visit here instead, to a refusal in plain words, inside Payload's frame and menu.
 */
export async function refusalFor(payload: Payload, headers: Headers, segments: string[] = []): Promise<Refusal | null> {
  const [area, slug, third] = segments
  const isCollection = area === 'collections' && !!payload.collections[slug as keyof typeof payload.collections]
  const isGlobal = area === 'globals' && payload.config.globals.some((global) => global.slug === slug)
  if (!slug || !(isCollection || isGlobal)) return null
  const { user, permissions } = await payload.auth({ headers })
  if (!user) return null
  if (isGlobal) return permissions.globals?.[slug]?.read ? null : { area: 'global', slug, action: 'open' }
  const allowed = permissions.collections?.[slug]
  if (!allowed?.read) return { area: 'collection', slug, action: 'open' }
  if (third === 'create' && !allowed.create) return { area: 'collection', slug, action: 'create' }
  return null
}

export const refusedPath = ({ area, slug, action }: Refusal) => `/admin/refused?${new URLSearchParams({ [area]: slug, action }).toString()}`

/** What the refused page is called in the menu, in lower case ("donations", "security settings"). */
function nameOf(payload: Payload, searchParams: AdminViewServerProps['searchParams']) {
  const global = payload.config.globals.find((g) => g.slug === searchParams?.global)
  const collection = payload.collections[String(searchParams?.collection ?? '') as keyof typeof payload.collections]?.config
  const label = global ? global.label : collection?.labels?.plural
  return { name: (typeof label === 'string' ? label : '').toLowerCase() || 'this page', collection }
}

/**
 * The refusal page (payload.config.ts `admin.components.views.refused`). Payload renders a custom root view bare,
 * so it is wrapped in Payload's DefaultTemplate: the same side menu and header as every other admin page, from
 * which the editor goes on to what they may do.
 */
export function RefusedView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { name, collection: config } = nameOf(initPageResult.req.payload, searchParams)
  const creating = searchParams?.action === 'create' && !!config
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
              You can still <a href={`/admin/collections/${config.slug}`}>change the existing {name}</a>.
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
