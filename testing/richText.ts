/** Lexical's JSON as Payload's rich-text editor saves it, for tests that write a footer page. */
export const lexicalText = (text: string) => ({ type: 'text', text, version: 1, detail: 0, format: 0, mode: 'normal', style: '' })

/** A paragraph holding these nodes (text, links). */
export const lexicalParagraph = (children: unknown[]) => ({
  type: 'paragraph',
  version: 1,
  direction: null,
  format: '',
  indent: 0,
  textFormat: 0,
  children,
})

export const lexicalBody = (children: unknown[]) => ({
  root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children },
})

/** An uploaded image placed in the text with the editor's upload button (Payload keeps the photo's id). */
export const lexicalImage = (mediaId: string) => ({
  type: 'upload',
  version: 3,
  format: '',
  id: 'img1',
  fields: null,
  relationTo: 'media',
  value: mediaId,
})
