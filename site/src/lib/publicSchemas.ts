export { contactSchema, sponsorApplicationSchema } from '#shared/schemas'
