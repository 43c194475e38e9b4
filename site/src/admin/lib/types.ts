/** Records as the admin API returns them (docs/API.md). Money is a two-decimal string. */

export type AdminUser = { id: string; username: string; email?: string | null; role?: string }
export type Session = { user: AdminUser }

export type Campaign = {
  id: string
  name: string
  description: string
  goalAmount: string
  currentAmount: string
  imageUrl?: string | null
  isActive: 'true' | 'false'
  status?: 'active' | 'inactive'
  createdAt?: string
}

export type TeamMember = {
  id: string
  name: string
  jerseyNumber: number
  position: string
  grade: string
  height?: string | null
  bio?: string | null
  imageUrl?: string | null
  displayOrder?: number
  isActive?: string
  createdAt?: string
}

export type Game = {
  id: string
  opponent: string
  gameDate: string
  gameTime: string
  location: string
  isHome: boolean
  ourScore: number | null
  opponentScore: number | null
  note: string | null
  cancelled: boolean
  createdAt?: string
  updatedAt?: string
}

export type SponsorshipTier = {
  id: string
  name: string
  amount: string
  color: string
  description?: string | null
  benefits: string[]
  displayOrder: number
  isActive?: string
  createdAt?: string
}

export type Donation = {
  id: string
  donorName: string
  donorEmail?: string
  amount: string
  campaignId?: string | null
  paymentMethod?: string
  status: string
  createdAt: string
}

export type Sponsorship = { id: string; amount: string; status: string }
/** A visitor's message from the public contact form (status starts "unread"). */
export type ContactMessage = {
  id: string
  name: string
  email: string
  message: string
  status: string
  createdAt: string
}

/** A business's application from the public sponsor form (status starts "pending"). */
export type SponsorApplication = {
  id: string
  contactName: string
  contactEmail: string
  contactPhone: string
  companyName: string
  companyAddress: string
  companyWebsite?: string | null
  companyTwitter?: string | null
  companyInstagram?: string | null
  businessType: string
  sponsorshipLevel: string
  status: string
  notes?: string | null
  createdAt: string
}
export type ContentEntry = { id?: string; section: string; key: string; value: string | null }
