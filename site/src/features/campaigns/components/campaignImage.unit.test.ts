import { describe, expect, it } from 'vitest'
import { campaignImage, DEFAULT_CAMPAIGN_IMAGE } from './campaignImage'

describe('campaignImage', () => {
  it('maps known picture names, whatever their case, path or extension', () => {
    expect(campaignImage('uniforms')).toBe('/images/campaigns/uniforms.svg')
    expect(campaignImage('Scoreboard')).toBe('/images/campaigns/scoreboard.svg')
    expect(campaignImage('images/camp.png')).toBe('/images/campaigns/camp.svg')
    expect(campaignImage('summer camp')).toBe('/images/campaigns/camp.svg')
  })

  it('keeps same-origin paths and falls back to the default team photo otherwise', () => {
    expect(campaignImage('/images/campaigns/travel.svg')).toBe('/images/campaigns/travel.svg')
    for (const unknown of [null, undefined, '', '  ', 'mystery', '//evil.example/x.png', 'https://example.com/banner.jpg']) {
      expect(campaignImage(unknown)).toBe(DEFAULT_CAMPAIGN_IMAGE)
    }
  })
})
