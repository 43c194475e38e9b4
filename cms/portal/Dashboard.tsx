import { Tabs } from 'radix-ui'
import { use, useState } from 'react'
import { SWRConfig } from 'swr'
import { toast } from '#ui/toast.tsx'
import { apiRequest } from '#ui/lib/api.ts'
import { AccountDialog } from './AccountDialog'
import { EmailConfirmationLink } from './AccountRecovery'
import { errorMessage } from './lib/errors'
import { recheckSessionOn401, sessionEnded } from './lib/session'
import { SessionCacheScope, sessionCacheProvider } from './lib/sessionCache'
import type { SessionResponse } from '#shared/api'
import { OverviewTab } from './tabs/OverviewTab'
import { useAddressParams } from './lib/addressParams'
import { KEYS } from './lib/keys'
import { mayLeave } from './lib/unsaved'
import { DomainPortals, type DomainPortal, type PortalTab } from './lib/domainPortal'

/** The portal's own tab; every other is a domain's (cms/admin/views/PortalApp.tsx lists their portals). */
const OVERVIEW: PortalTab = { value: 'overview', label: 'Overview', Panel: OverviewTab }

/**
 * The spec's tabs: the Overview, then each domain's tab after the one it names (`after`; tabs naming the same one in
 * the order the root lists the portals), then the others, then the last (Content). An editor works on the site's
 * content only (docs/roles.md): the tabs marked `editors`, no money figures, sponsorships, inbox or families.
 */
function tabsFor(user: SessionResponse['user'], domains: DomainPortal[]): PortalTab[] {
  const domainTabs = domains.flatMap((d) => d.tabs ?? [])
  const shown = new Set([OVERVIEW, ...domainTabs].map((t) => t.value))
  const after = (t: PortalTab) => (t.after && shown.has(t.after) ? t.after : undefined)
  const placed = (tabs: PortalTab[]): PortalTab[] => tabs.flatMap((t) => [t, ...placed(domainTabs.filter((d) => after(d) === t.value))])
  const all = [...placed([OVERVIEW]), ...domainTabs.filter((d) => !after(d) && !d.last), ...domainTabs.filter((d) => !after(d) && d.last)]
  return user.role === 'editor' ? all.filter((t) => t.editors) : all
}

/** The tab whose opening the person just declined (selectTab). */
let declinedTab: string | null = null

export function Dashboard({ user }: { user: SessionResponse['user'] }) {
  const [params, setParams] = useAddressParams()
  const requested = params.get('tab')
  const tabs = tabsFor(user, use(DomainPortals))
  const tab = tabs.find((t) => t.value === requested)?.value ?? tabs[0].value
  const [loggingOut, setLoggingOut] = useState(false)

  // The open tab lives in the address (?tab=team) so a reload keeps your place.
  // Typing not yet saved in this tab is lost when it closes: ask first. A click asks once, though Radix hears
  // it twice (the press, then the focus it gives): a "no" stands for the rest of that click.
  const selectTab = (value: string) => {
    if (declinedTab === value) return
    if (!mayLeave()) {
      declinedTab = value
      setTimeout(() => (declinedTab = null))
      return
    }
    setParams(value === tabs[0].value ? {} : { tab: value })
  }

  const logout = async () => {
    setLoggingOut(true)
    try {
      await apiRequest('POST', KEYS.logout)
    } catch (error) {
      setLoggingOut(false)
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' })
      return
    }
    toast({ title: 'Logged out successfully' })
    sessionEnded()
  }

  return (
    <SWRConfig value={{ onError: recheckSessionOn401, provider: sessionCacheProvider }}>
      <SessionCacheScope />
      <EmailConfirmationLink />
      <div className="min-h-screen bg-gray-50">
        <header className="bg-brand-900 text-white shadow">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-gold-400 text-lg font-black text-brand-900"
              >
                LH
              </span>
              <div>
                <p className="text-lg font-bold leading-tight">Lady Hawks Admin</p>
                <p className="text-sm text-brand-100">
                  Welcome, <span className="font-semibold text-white">{user.username}</span>
                </p>
              </div>
            </div>
            <div className="flex items-center gap-2">
              <AccountDialog user={user} />
              <a href="/" className="rounded-md px-3 py-2 text-sm text-brand-100 underline-offset-2 hover:text-white hover:underline">
                View site
              </a>
              <button
                type="button"
                onClick={logout}
                disabled={loggingOut}
                className="inline-flex min-h-10 items-center rounded-md border border-white/40 px-4 py-2 text-sm font-medium text-white hover:bg-white/10 disabled:opacity-60"
              >
                {loggingOut ? 'Logging out...' : 'Logout'}
              </button>
            </div>
          </div>
        </header>

        <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
          <h1 className="sr-only">Admin dashboard</h1>
          <Tabs.Root value={tab} onValueChange={selectTab}>
            <Tabs.List
              aria-label="Admin sections"
              className={`mb-6 grid grid-cols-3 gap-1 rounded-lg border border-gray-200 bg-white p-1 shadow-sm ${tabs.length > 6 ? 'sm:grid-cols-7' : 'sm:grid-cols-6'}`}
            >
              {tabs.map((t) => (
                <Tabs.Trigger
                  key={t.value}
                  value={t.value}
                  className="min-h-10 rounded-md px-2 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
                >
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {tabs.map(({ value, Panel }) => (
              <Tabs.Content key={value} value={value} className="focus-visible:rounded-lg">
                <Panel />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </main>
      </div>
    </SWRConfig>
  )
}
