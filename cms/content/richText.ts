import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import sanitizeHtml from 'sanitize-html'
import { ownPath } from '#shared/mediaUrl'

/**
 * What an editor's rich text may become on the public site: text structure, http(s)/mailto links and uploaded images with their alt text, nothing active.
 *
 * sanitize-html is pinned to 2.17.5 while Node 20 is supported (2.17.6 and later declare Node >= 22.12, and npm warns on
 * every install). The advisories fixed after 2.17.5 (reviewed 2026-11-24) need an allowlist this one does not have: URLs
 * in action/formaction/poster/background (GHSA-vccv-cmxp-4j9h), allowed textarea or xmp (GHSA-jxwj-j7wr-gfrw), noscript
 * in nonTextTags (GHSA-x3q4-9hxx-gx8m), meta refresh (GHSA-cv27-6wvh-8x7j), SVG animation (GHSA-374f-7chj-9948); the
 * iframe fallback of GHSA-c9rx-x947-fp3h came with 2.18. Widening the allowlist means unpinning first (README, "Supported
 * Node versions").
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'code',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'span',
    'picture',
    'source',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    source: ['srcset', 'media', 'type'],
  },
  // Images only from our own uploads (Payload's /media URLs).
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !isOwnUpload(frame.attribs.src)) || (frame.tag === 'source' && !isOwnUpload(frame.attribs.srcset)),
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // A page has one h1, its title: an editor's "Heading 1" becomes a h2.
  transformTags: {
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    // Payload writes upload URLs with SERVER_URL; the page links them from its own origin, like the rest of the site.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: ownPath(attribs.src) } }),
    source: (tagName, attribs) => ({ tagName, attribs: { ...attribs, srcset: ownPath(attribs.srcset) } }),
  },
}

const isOwnUpload = (src: string | undefined) => !!src && /^\/(cms-api\/)?media\//.test(src)

/** Lexical rich text (Payload's editor) → HTML that is safe to put in a public page. */
export function richTextToSafeHtml(data: unknown): string {
  if (!data || typeof data !== 'object' || !('root' in data)) return ''
  return sanitizeHtml(convertLexicalToHTML({ data: data as SerializedEditorState, disableContainer: true }), ALLOWED)
}
