import type { Access } from 'payload'

/** Only a logged-in admin user. Every collection is closed to anyone else. */
export const isAdmin: Access = ({ req: { user } }) => user?.collection === 'admin-users'
