import type { AroundNavHandler } from 'wouter'

/**
 * The public site routes with wouter (2.5 KB) rather than React Router
 * (13 KB): the home page's whole first download has to stay under 80 KB
 * (docs/SCALING.md, Budgets), and these pages only need links, the path and
 * the query. The admin (cms/admin/views) keeps React Router.
 *
 * Each client-side move records its place in this visit's history, as React
 * Router did, so a page can tell whether the entry before it is ours.
 */
export const numberedMove: AroundNavHandler = (navigate, to, options) =>
  navigate(to, { ...options, state: { idx: historyIndex() + (options?.replace ? 0 : 1) } })

/** 0 on the page the visit started on (or arrived at by a full page load), 1 after one move, and so on. */
export function historyIndex(): number {
  return (window.history.state as { idx?: number } | null)?.idx ?? 0
}
