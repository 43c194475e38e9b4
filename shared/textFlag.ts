/**
 * Some on/off flags are stored and sent as the text "true"/"false" (a campaign's, a player's and a level's
 * `isActive`: the spec's API, docs/PRODUCT.md). These two functions are the only place that text becomes a
 * boolean and back; a missing flag counts as on, as the field's default is.
 */
export const TEXT_FLAG_VALUES = ['true', 'false'] as const
export type TextFlag = (typeof TEXT_FLAG_VALUES)[number]

export const isFlagOn = (flag: string | null | undefined): boolean => flag !== 'false'
export const toTextFlag = (on: boolean): TextFlag => (on ? 'true' : 'false')
