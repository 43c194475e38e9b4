/** SPEC §9: the three upcoming games are hard-coded. */
export const UPCOMING_GAMES = [
  { day: 13, time: '7:00 PM', opponent: 'Riverside Ravens', home: true, place: 'Lady Hawks Main Gym', exhibition: true },
  { day: 18, time: '6:00 PM', opponent: 'Lakeview Lions', home: false, place: 'Lakeview High School' },
  { day: 20, time: '6:00 PM', opponent: 'Cedar Creek Cougars', home: false, place: 'Cedar Creek High School' },
] as const
