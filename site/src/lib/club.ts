/** The club's fixed facts and contact details (SPEC §9 constants plus copy). */
export const CLUB = {
  name: 'Lady Hawks Boosters',
  school: 'Hawthorne High School',
  email: 'info@ladyhawksboosters.org',
  phone: '(555) 214-7788',
  phoneHref: 'tel:+15552147788',
  address: ['Lady Hawks Main Gym', '1200 Hawk Way', 'Springfield'],
  meetings: 'First Tuesday of every month at 7:00 PM',
  meetingsPlace: 'Main Gym Conference Room',
} as const
