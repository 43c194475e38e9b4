'use client'
import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { Toaster } from '../../../site/src/components/ui/toast'
import { swrConfig } from '../../../site/src/lib/swr'
import './portal.css'

/**
 * Wraps all of Payload's admin (`admin.components.providers`): the portal's
 * data rules and its one toast viewport outlive a move between Payload's
 * routes, so "Logged out successfully" is still shown on the login card.
 */
export function PortalProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      {children}
      <Toaster />
    </SWRConfig>
  )
}
