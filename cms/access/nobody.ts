import type { Access, FieldAccess } from 'payload'

/** No one, whatever their role: only the server itself writes (Local API with overrideAccess). */
export const nobody: Access & FieldAccess = () => false
