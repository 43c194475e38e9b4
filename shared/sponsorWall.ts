/** GET /api/sponsor-wall: completed, unexpired sponsors grouped gold → bronze; empty groups left out. */
export type SponsorWall = Array<{
  level: 'gold' | 'silver' | 'bronze'
  sponsors: Array<{ id: string; name: string; website: string | null; logoUrl: string | null }>
}>
