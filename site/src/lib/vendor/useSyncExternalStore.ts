/**
 * SWR imports the `use-sync-external-store` shim, whose fallback exists for
 * React < 18. React 19 has the hook built in, so the build points the shim
 * here (site/vite.config.ts) and visitors skip about 1 KB of unused code.
 */
export { useSyncExternalStore } from 'react'
