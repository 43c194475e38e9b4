/**
 * The hidden field both public forms carry (site/src/components/ui/Honeypot.tsx):
 * people leave it empty, bots that fill every input do not, and the server
 * refuses such a post (cms/security/forms.ts, cms/security/forms.api.test.ts).
 * No zod here: the public pages import it without loading the schemas.
 */
export const HONEYPOT_FIELD = 'hpTrap'
