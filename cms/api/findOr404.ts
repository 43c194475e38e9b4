import type { CollectionSlug, Payload, PayloadRequest, TypedUser } from 'payload'
import { notFound } from '../http/errors'
import { isPlausibleId } from '../http/validate'

/** Local API access for a lookup: as the signed-in admin (`asStaff(req)`), or inside a transaction (`req`). */
type Access = { user?: TypedUser; req?: PayloadRequest; overrideAccess: false }

/** One record by id, read with the admin's access rules, or 404 "<label> not found". */
export async function findOr404(payload: Payload, collection: CollectionSlug, id: string, label: string, access: Access) {
  if (!isPlausibleId(id)) throw notFound(`${label} not found`)
  const { docs } = await payload.find({ collection, where: { id: { equals: id } }, limit: 1, depth: 0, ...access })
  if (!docs[0]) throw notFound(`${label} not found`)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any collection's record: callers read the fields of the collection they asked for
  return docs[0] as Record<string, any>
}
