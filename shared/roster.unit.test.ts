import { describe, expect, it } from 'vitest'
import { firstNameAndInitial, playerPhotoAlt, publicSummary, publicView, ROSTER_PRIVACY, rosterView } from './roster'

const maya = { name: 'Maya Davis' }

describe('roster privacy: what of a player the public sees', () => {
  it('offers the two club-wide settings, as entered by default', () => {
    expect(ROSTER_PRIVACY).toEqual([
      { value: 'asEntered', label: 'Names and photos as entered' },
      { value: 'consentOnly', label: 'First name and last initial; photos only with consent' },
    ])
  })

  it('as entered: shows what is not switched off', () => {
    expect(publicView(maya, 'asEntered')).toEqual({ name: 'Maya Davis', photoShown: true })
    expect(publicView({ ...maya, showPhoto: null, showFullName: null }, 'asEntered')).toEqual({ name: 'Maya Davis', photoShown: true })
    expect(publicView({ ...maya, showPhoto: true, showFullName: true }, 'asEntered')).toEqual({ name: 'Maya Davis', photoShown: true })
    expect(publicView({ ...maya, showPhoto: false, showFullName: true }, 'asEntered')).toEqual({ name: 'Maya Davis', photoShown: false })
    expect(publicView({ ...maya, showPhoto: true, showFullName: false }, 'asEntered')).toEqual({ name: 'Maya D.', photoShown: true })
  })

  it('consent only: shows only what is ticked', () => {
    expect(publicView(maya, 'consentOnly')).toEqual({ name: 'Maya D.', photoShown: false })
    expect(publicView({ ...maya, showPhoto: null, showFullName: null }, 'consentOnly')).toEqual({ name: 'Maya D.', photoShown: false })
    expect(publicView({ ...maya, showPhoto: true, showFullName: false }, 'consentOnly')).toEqual({ name: 'Maya D.', photoShown: true })
    expect(publicView({ ...maya, showPhoto: false, showFullName: true }, 'consentOnly')).toEqual({ name: 'Maya Davis', photoShown: false })
  })

  it('sends no hidden photo or name: the roster view carries only what is shown', () => {
    expect(rosterView({ ...maya, imageUrl: '/media/maya.jpg' }, 'asEntered')).toEqual({ name: 'Maya Davis', imageUrl: '/media/maya.jpg' })
    expect(rosterView({ ...maya, imageUrl: '/media/maya.jpg' }, 'consentOnly')).toEqual({ name: 'Maya D.', imageUrl: null })
    expect(rosterView({ ...maya, showPhoto: false, imageUrl: '/media/maya.jpg' }, 'asEntered')).toEqual({
      name: 'Maya Davis',
      imageUrl: null,
    })
    expect(rosterView(maya, 'asEntered')).toEqual({ name: 'Maya Davis', imageUrl: null })
    expect(rosterView({ ...maya, imageUrl: null }, 'asEntered')).toEqual({ name: 'Maya Davis', imageUrl: null })
  })

  it('shortens a name to the first name and the last name’s initial', () => {
    expect(firstNameAndInitial('Maya Davis')).toBe('Maya D.')
    expect(firstNameAndInitial('  maya   de la cruz ')).toBe('maya C.')
    expect(firstNameAndInitial('Ava')).toBe('Ava')
    expect(firstNameAndInitial(' Ava ')).toBe('Ava')
  })

  it('names the player in her photo’s alt text only as the roster shows her', () => {
    expect(playerPhotoAlt(maya, 'asEntered')).toBe('Photo of Maya Davis')
    expect(playerPhotoAlt(maya, 'consentOnly')).toBe('Photo of Maya D.')
    expect(playerPhotoAlt({ ...maya, showFullName: false }, 'asEntered')).toBe('Photo of Maya D.')
  })

  it('tells the staff what a visitor sees now, beside her switches', () => {
    const player = { ...maya, hasPhoto: true, onRoster: true }
    expect(publicSummary(player, 'asEntered')).toEqual({ photo: 'Photo: shown on the site', name: 'Name: shown as “Maya Davis”' })
    expect(publicSummary(player, 'consentOnly')).toEqual({ photo: 'Photo: hidden', name: 'Name: shown as “Maya D.”' })
    expect(publicSummary({ ...player, hasPhoto: false }, 'asEntered')).toEqual({
      photo: 'Photo: none yet',
      name: 'Name: shown as “Maya Davis”',
    })
    expect(publicSummary({ ...player, onRoster: false }, 'asEntered')).toEqual({
      photo: 'Photo: hidden (not on the roster)',
      name: 'Name: hidden (not on the roster)',
    })
  })
})
