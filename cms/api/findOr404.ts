import type { CollectionSlug, Payload, PayloadRequest } from 'payload'
import { notFound } from '../http/errors'
import { isPlausibleId } from '../http/validate'

/** One record by id, read inside the caller's transaction with the admin's access rules, or 404 "<label> not found". */
export async function findOr404(payload: Payload, req: PayloadRequest, collection: CollectionSlug, id: string, label: string) {
  if (!isPlausibleId(id)) throw notFound(`${label} not found`)
  const { docs } = await payload.find({ collection, where: { id: { equals: id } }, limit: 1, depth: 0, req, overrideAccess: false })
  if (!docs[0]) throw notFound(`${label} not found`)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any collection's record: callers read the fields of the collection they asked for
  return docs[0] as Record<string, any>
}
