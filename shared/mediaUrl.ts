/**
 * Payload answers file URLs with SERVER_URL in front; the site and the portal link them from their
 * own origin ("/cms-api/media/file/x.jpg"), so a copied database or another host still shows them.
 */
export const ownPath = (url: string | null | undefined): string => (url ?? '').replace(/^https?:\/\/[^/]+/, '')
