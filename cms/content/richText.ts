import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import sanitizeHtml from 'sanitize-html'

/** What an editor's rich text may become on the public site: text structure and http(s)/mailto links, nothing active. */
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
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // A page has one h1, its title: an editor's "Heading 1" becomes a h2.
  transformTags: { h1: 'h2', a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
}

/** Lexical rich text (Payload's editor) → HTML that is safe to put in a public page. */
export function richTextToSafeHtml(data: unknown): string {
  if (!data || typeof data !== 'object' || !('root' in data)) return ''
  return sanitizeHtml(convertLexicalToHTML({ data: data as SerializedEditorState, disableContainer: true }), ALLOWED)
}
