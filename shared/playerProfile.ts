import { formText, orNull } from './notGiven'

/**
 * A player's optional profile texts: shown on the public card, edited as plain text in the portal and in
 * Payload's editor. Both API mappers copy them (empty is null) and the portal's form starts them from this
 * list, so a new one is added here, in the collection, in the schema, as a portal field and on the card.
 */
export const PLAYER_PROFILE_TEXTS = ['height', 'bio'] as const
type ProfileTexts<V> = { [K in (typeof PLAYER_PROFILE_TEXTS)[number]]: V }
type StoredTexts = Partial<ProfileTexts<string | null>>

/** As the API sends them: not given is null. */
export const profileTexts = (doc: StoredTexts): ProfileTexts<string | null> =>
  Object.fromEntries(PLAYER_PROFILE_TEXTS.map((key) => [key, orNull(doc[key])])) as ProfileTexts<string | null>

/** As a form holds them: not given is empty. */
export const profileFormValues = (doc: StoredTexts = {}): ProfileTexts<string> =>
  Object.fromEntries(PLAYER_PROFILE_TEXTS.map((key) => [key, formText(doc[key])])) as ProfileTexts<string>
