import { expect } from 'vitest'
import type { ApiClient } from './server'

/**
 * A closed work day's event on `day` (the club's calendar day) with one clean-up shift of `hours`, 16:00–20:00 UTC
 * (the club's afternoon), made by an admin for sign-ups recorded after the fact. Answers the shift's id.
 */
export async function workDayShift(admin: ApiClient, day: string, hours: number): Promise<string> {
  const event = await admin.post('/cms-api/volunteer-events', { title: `Work day ${day}`, day, place: 'Main Gym', status: 'closed' })
  expect(event.status, event.text).toBe(201)
  const shift = await admin.post('/cms-api/volunteer-shifts', {
    event: event.json.doc.id,
    role: 'Clean-up',
    startsAt: `${day}T16:00:00.000Z`,
    endsAt: `${day}T20:00:00.000Z`,
    capacity: 2,
    hours,
  })
  expect(shift.status, shift.text).toBe(201)
  return shift.json.doc.id
}
