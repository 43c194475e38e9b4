'use client'
import dynamic from 'next/dynamic'

// The portal is a browser app (its session and lists come from SWR in the browser): render it there only.
const PortalApp = dynamic(() => import('./PortalApp'), {
  ssr: false,
  loading: () => <div className="lhb-portal min-h-screen" aria-busy="true" />,
})

export function PortalClient({ screen }: { screen: 'login' | 'dashboard' }) {
  return <PortalApp screen={screen} />
}
