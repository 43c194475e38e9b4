'use client'
import dynamic from 'next/dynamic'

// The portal is a browser app (react-router's BrowserRouter, SWR): render it in the browser only.
const PortalApp = dynamic(() => import('./PortalApp'), {
  ssr: false,
  loading: () => <div className="lhb-portal min-h-screen" aria-busy="true" />,
})

export function PortalClient({ screen }: { screen: 'login' | 'dashboard' }) {
  return <PortalApp screen={screen} />
}
