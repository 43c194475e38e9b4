import { Router, type Request } from 'express'
import type {
  BasePayload,
  CollectionSlug,
  DataFromCollectionSlug,
  Payload,
  RequiredDataFromCollectionSlug,
  Sort,
  TypedCollectionSelect,
  Where,
} from 'payload'
import type { ZodType, z } from 'zod'
import { listPageSchema } from '#shared/schemas'
import { parseBody, parseQuery } from '../http/validate'
import { findOr404 } from './findOr404'

/** A stored record of collection S, as the generated cms/payload-types.ts describes it. */
type Doc<S extends CollectionSlug> = DataFromCollectionSlug<S>
/** What create and update store: the fields of S (the schemas decide which are present). */
type Data<S extends CollectionSlug> = RequiredDataFromCollectionSlug<S>

/** Local API options for acting as the signed-in account (admin or editor, req.staff): access control on, and the address for the audit log. */
export const asStaff = (req: Request) => ({ user: req.staff, overrideAccess: false, context: { clientAddress: req.ip } }) as const

/** Payload types an update's data as a deep partial of the record; our update schemas send a flat subset. */
type UpdateData<S extends CollectionSlug> = Parameters<typeof BasePayload.prototype.update<S, TypedCollectionSelect[S]>>[0]['data']

type CrudOptions<S extends CollectionSlug, C extends ZodType, U extends ZodType> = {
  collection: S
  /** What the record is called in messages: "Campaign not found". */
  label: string
  sort: Sort
  createSchema: C
  updateSchema: U
  /** Stored record → API shape (the same for list, create and update). */
  toApi: (doc: Doc<S>) => unknown
  /** Validated input → stored fields (e.g. jerseyNumber → number). */
  toData?: (input: z.output<C> | z.output<U>) => Partial<Data<S>>
}

/**
 * GET list, POST create, PUT update, DELETE for one admin collection. Runs as
 * the logged-in admin with access control on (overrideAccess: false).
 */
export function crudRouter<S extends CollectionSlug, C extends ZodType, U extends ZodType>(
  payload: Payload,
  options: CrudOptions<S, C, U>,
): Router {
  // The schemas' output is the collection's fields unless toData renames some.
  const { collection, label, sort, createSchema, updateSchema, toApi, toData = (input) => input as Partial<Data<S>> } = options
  const router = listRouter(payload, collection, sort, toApi)

  router.post('/', async (req, res) => {
    const data = toData(parseBody(req, createSchema))
    // The create schema requires every required field, so the partial is complete here.
    const doc = await payload.create({ collection, data: data as Data<S>, depth: 0, ...asStaff(req) })
    res.status(201).json(toApi(doc))
  })

  router.put('/:id', async (req, res) => {
    const data = toData(parseBody(req, updateSchema))
    await findOr404(payload, collection, req.params.id, label, asStaff(req))
    const doc = await payload.update({
      collection,
      id: req.params.id,
      data: data as UpdateData<S>,
      depth: 0,
      ...asStaff(req),
    })
    res.json(toApi(doc))
  })

  router.delete('/:id', async (req, res) => {
    await findOr404(payload, collection, req.params.id, label, asStaff(req))
    await payload.delete({ collection, id: req.params.id, ...asStaff(req) })
    res.status(204).end()
  })

  return router
}

/**
 * A read-only admin list, one page at a time (`?page=&limit=`, limit capped):
 * the answer stays the spec's array, the total number of records is in the
 * X-Total-Count header. Without parameters it is the first page.
 */
export function listRouter<S extends CollectionSlug>(
  payload: Payload,
  collection: S,
  sort: Sort,
  toApi: (doc: Doc<S>) => unknown,
  where?: Where,
): Router {
  const router = Router()
  router.get('/', async (req, res) => {
    const { page, limit } = parseQuery(req, listPageSchema)
    const { docs, totalDocs } = await payload.find({ collection, where, page, limit, sort, depth: 0, ...asStaff(req) })
    res.set('X-Total-Count', String(totalDocs)).json(docs.map(toApi))
  })
  return router
}
