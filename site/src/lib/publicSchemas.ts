/** What the public forms load on first use (lib/schemas.ts): their schemas and the validation that reads them. */
export { contactSchema, membershipJoinSchema, memberAdultSchema, memberSignInSchema, sponsorApplicationSchema } from '#shared/schemas'
export { validate } from '#ui/lib/validate.ts'
