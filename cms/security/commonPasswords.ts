import { dictionary } from '@zxcvbn-ts/language-common'

/** ~49,000 most common passwords (zxcvbn-ts list), lower-cased. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()))
