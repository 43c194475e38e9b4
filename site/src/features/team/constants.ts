/** SPEC §9: hard-coded season record and coach facts. */
export const SEASON_STATS = { wins: 18, losses: 4, districtRanking: 2 } as const

export const COACH = {
  name: 'Elena Rivera',
  initials: 'ER',
  yearsExperience: 12,
  districtChampionships: 1,
  bio: 'A former college point guard, Coach Rivera teaches tough defense, unselfish basketball and leadership, and led the Lady Hawks to their first district title.',
} as const
