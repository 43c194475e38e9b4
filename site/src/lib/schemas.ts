/**
 * The shared zod schemas and the validation for the public forms, loaded when
 * a form is first used (focus or submit): zod stays out of the public pages'
 * first load (the 100 KB budget in e2e/public-quality.test.ts "performance").
 */
export const loadSchemas = () => import('./publicSchemas')
