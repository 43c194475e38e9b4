import type { Request } from 'express'
import type { ZodType, z } from 'zod'
import { HttpError, validationError } from './errors'

/** Parses the JSON body with a schema; unknown keys are stripped by the schema. */
export function parseBody<S extends ZodType>(req: Request, schema: S): z.output<S> {
  const body: unknown = req.body
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new HttpError(400, 'Request body must be a JSON object')
  }
  const result = schema.safeParse(body ?? {})
  if (!result.success) throw validationError(result.error)
  return result.data
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const OBJECT_ID = /^[0-9a-f]{24}$/i

/** Ids are opaque, but one that no adapter could have made is simply not found. */
export function isPlausibleId(id: string): boolean {
  return UUID.test(id) || OBJECT_ID.test(id)
}
