import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import sanitizeHtml from 'sanitize-html'
import { ownPath } from '#shared/mediaUrl'

/**
 * What an editor's rich text may become on the public site: text structure, http(s)/mailto links and uploaded images with their alt text, nothing active.
 *
 * sanitize-html is pinned to 2.17.5 while Node 20 is supported; the advisories fixed after it need an allowlist this one
 * does not have, so widening it means unpinning first (docs/decisions/016-node-20-support.md).
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
