'use client'
import dynamic from 'next/dynamic'
import { useEffect, type ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { swrConfig } from '#ui/lib/swr.ts'
import './portal.css'
import { useToolbarNames } from './toolbarNames'

// The toast store lives in the browser (useSyncExternalStore without a server snapshot).
const Toaster = dynamic(() => import('#ui/toast.tsx').then((m) => m.Toaster), { ssr: false })

/**
 * Wraps all of Payload's admin (`admin.components.providers`): the portal's
 * data rules and its one toast viewport outlive a move between Payload's
 * routes, so "Logged out successfully" is still shown on the login card.
 */
export function PortalProvider({ children }: { children: ReactNode }) {
  // As on the public pages (site/src/main.tsx): tests and tools can tell when React has taken over the page.
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', 'true')
  }, [])
  useToolbarNames()
  return (
    <SWRConfig value={swrConfig}>
      {children}
      <Toaster />
    </SWRConfig>
  )
}
