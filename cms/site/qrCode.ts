import { renderSVG } from 'uqr'
import { env } from '../env'

let svg: string | undefined

/**
 * The quick-donation QR code (SVG markup) of the site's real public origin: made on the server so the browser
 * ships no QR library. Served as GET /api/qr-donate.svg (the home page's image) and written into /qr-donate.
 */
export const qrCode = () => (svg ??= renderSVG(`${env.SERVER_URL}/qr-donate`, { border: 2 }))
