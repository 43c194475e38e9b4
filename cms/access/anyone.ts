import type { Access } from 'payload'

/** Public reads (uploaded images are shown on the public site). */
export const anyone: Access = () => true
