/**
 * How each stored record is shown by the API (docs/API.md). One mapper per
 * collection, used by list, create and update alike so their shapes agree.
 */
type Doc = Record<string, any>

const orNull = <T,>(v: T | undefined | null) => (v === undefined || v === '' ? null : v)

export const campaignStatus = (doc: Doc) => (doc.isActive === 'true' ? 'active' : 'inactive')

export const publicCampaign = (doc: Doc) => ({
  id: doc.id,
  name: doc.name,
  description: doc.description,
  imageUrl: orNull(doc.imageUrl),
  status: campaignStatus(doc),
  currentAmount: doc.currentAmount,
  goalAmount: doc.goalAmount,
  createdAt: doc.createdAt,
})

export const adminCampaign = (doc: Doc) => ({
  ...publicCampaign(doc),
  isActive: doc.isActive,
})

export const publicPlayer = (doc: Doc) => ({
  id: doc.id,
  number: doc.number,
  name: doc.name,
  position: doc.position,
  grade: doc.grade,
  height: orNull(doc.height),
  bio: orNull(doc.bio),
  imageUrl: orNull(doc.imageUrl),
})

export const adminPlayer = (doc: Doc) => ({
  id: doc.id,
  name: doc.name,
  jerseyNumber: doc.number,
  position: doc.position,
  grade: doc.grade,
  height: orNull(doc.height),
  bio: orNull(doc.bio),
  imageUrl: orNull(doc.imageUrl),
  displayOrder: doc.displayOrder ?? 0,
  isActive: doc.isActive ?? 'true',
  createdAt: doc.createdAt,
})

export const adminGame = (doc: Doc) => ({
  id: doc.id,
  opponent: doc.opponent,
  gameDate: doc.gameDate,
  gameTime: doc.gameTime,
  location: doc.location,
  isHome: doc.isHome ?? true,
  ourScore: doc.ourScore ?? null,
  opponentScore: doc.opponentScore ?? null,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
})

export const adminTier = (doc: Doc) => ({
  id: doc.id,
  name: doc.name,
  amount: doc.amount,
  color: doc.color,
  description: orNull(doc.description),
  benefits: Array.isArray(doc.benefits) ? doc.benefits : [],
  displayOrder: doc.displayOrder ?? 0,
  isActive: doc.isActive ?? 'true',
  createdAt: doc.createdAt,
})

export const adminDonation = (doc: Doc) => ({
  id: doc.id,
  donorName: doc.donorName,
  donorEmail: doc.donorEmail,
  amount: doc.amount,
  campaignId: orNull(doc.campaignId),
  paymentMethod: doc.paymentMethod,
  status: doc.status,
  createdAt: doc.createdAt,
})

export const adminSponsorship = (doc: Doc) => ({
  id: doc.id,
  sponsorName: doc.sponsorName,
  sponsorEmail: doc.sponsorEmail,
  sponsorCompany: orNull(doc.sponsorCompany),
  tier: doc.tier,
  amount: doc.amount,
  status: doc.status,
  benefits: doc.benefits ?? null,
  createdAt: doc.createdAt,
})

export const adminContactMessage = (doc: Doc) => ({
  id: doc.id,
  name: doc.name,
  email: doc.email,
  message: doc.message,
  status: doc.status,
  createdAt: doc.createdAt,
})

export const adminSponsorApplication = (doc: Doc) => ({
  id: doc.id,
  contactName: doc.contactName,
  contactEmail: doc.contactEmail,
  contactPhone: doc.contactPhone,
  companyName: doc.companyName,
  companyAddress: doc.companyAddress,
  companyWebsite: orNull(doc.companyWebsite),
  companyTwitter: orNull(doc.companyTwitter),
  companyInstagram: orNull(doc.companyInstagram),
  businessType: doc.businessType,
  sponsorshipLevel: doc.sponsorshipLevel,
  status: doc.status,
  notes: orNull(doc.notes),
  createdAt: doc.createdAt,
})

export const siteContentEntry = (doc: Doc) => ({
  id: doc.id,
  section: doc.section,
  key: doc.key,
  value: doc.value ?? '',
})

export const auditEntry = (doc: Doc) => ({
  id: doc.id,
  createdAt: doc.createdAt,
  event: doc.event,
  actor: orNull(doc.actor),
  ip: orNull(doc.ip),
  targetCollection: orNull(doc.targetCollection),
  targetId: orNull(doc.targetId),
  changedFields: doc.changedFields ?? [],
  detail: doc.detail ?? null,
})
