/** The club's fixed facts (the editable ones are site content: shared/siteContent.ts). */
export const CLUB = {
  name: 'Lady Hawks Boosters',
  school: 'Hawthorne High School',
  meetings: 'First Tuesday of every month at 7:00 PM',
  meetingsPlace: 'Main Gym Conference Room',
} as const
