import { Router } from 'express'
import type { Payload, Where } from 'payload'
import { gameSchema, gameUpdateSchema, siteContentSchema } from '#shared/schemas'
import { asStaff, crudRouter, listRouter } from '../api/crud'
import { adminGame, siteContentEntry } from '../api/shapes'
import { parseBody } from '../http/validate'
import { releaseHeldEmail } from '../outbox/outbox'

/** The website's /api/admin routes: the games and the site texts (staff). */
export function contentAdminApi(payload: Payload): Router {
  const router = Router()
  router.use(
    '/games',
    crudRouter(payload, {
      collection: 'games',
      label: 'Game',
      sort: ['gameDate', 'gameTime'],
      createSchema: gameSchema,
      updateSchema: gameUpdateSchema,
      toApi: adminGame,
    }),
  )

  router.use('/content', listRouter(payload, 'site-content', ['section', 'key'], siteContentEntry))

  // One record per section + key: update it if it exists, create it otherwise.
  router.put('/content', async (req, res) => {
    const { section, key, value } = parseBody(req, siteContentSchema)
    const access = asStaff(req)
    const where: Where = { and: [{ section: { equals: section } }, { key: { equals: key } }] }
    // By id, so a refusal answers with its own status and reason.
    const update = async () => {
      const [stored] = (await payload.find({ collection: 'site-content', where, limit: 1, depth: 0, ...access })).docs
      return stored && (await payload.update({ collection: 'site-content', id: stored.id, data: { value }, depth: 0, ...access }))
    }
    let doc = await update()
    if (!doc) {
      try {
        doc = await payload.create({ collection: 'site-content', data: { section, key, value }, depth: 0, ...access })
      } catch (err) {
        // A concurrent request created the same section + key first (unique index): update that record instead.
        doc = await update()
        if (!doc) throw err
      }
    }
    // Held emails may be waiting for exactly this setting (legal name, EIN, the club's address).
    if (section === 'organization' || section === 'contact') await releaseHeldEmail(payload)
    res.json(siteContentEntry(doc))
  })
  return router
}
