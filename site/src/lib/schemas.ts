type PublicSchemas = typeof import('./publicSchemas')

let loaded: PublicSchemas | undefined

/**
 * The shared zod schemas and the validation for the public forms, loaded when
 * a form is first used (pointer over it, focus in it, or submit): zod stays
 * out of the public pages' first load (the 100 KB budget in
 * e2e/public-quality.test.ts "performance").
 */
export function loadSchemas(): Promise<PublicSchemas> {
  return loaded ? Promise.resolve(loaded) : import('./publicSchemas').then((module) => (loaded = module))
}

/** The schemas once loaded, so a submit validates within its own event; undefined before. */
export const loadedSchemas = () => loaded

/** Props for a public <form>: start loading the schemas as soon as someone reaches for it. */
export const preloadSchemasOnUse = { onFocus: () => void loadSchemas(), onPointerEnter: () => void loadSchemas() }
