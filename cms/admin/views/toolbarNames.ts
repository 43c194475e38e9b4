import { useEffect } from 'react'

/** What each of the rich-text toolbars' icon buttons does, by its Lexical key (cms/content/collections/Pages.ts's features). */
const TOOLBAR_NAMES: Record<string, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strikethrough: 'Strikethrough',
  link: 'Link',
  unorderedList: 'Bulleted list',
  orderedList: 'Numbered list',
  blockquote: 'Quote',
  horizontalRule: 'Line across the page',
  upload: 'Photo',
  paragraph: 'Normal text',
  h2: 'Heading',
  h3: 'Subheading',
  h4: 'Small heading',
}

/**
 * Payload's rich-text toolbars draw icon buttons without names (a screen reader hears "button"; axe button-name) and
 * without tooltips (a volunteer sees only an icon). This names each by its key, as a label and a tooltip, whenever
 * a toolbar appears. Remove when Payload names them (e2e/admin-axe.test.ts then still passes).
 */
export function useToolbarNames() {
  useEffect(() => {
    const name = () => {
      for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-button-key]:not([aria-label])')) {
        const label = TOOLBAR_NAMES[button.dataset.buttonKey ?? '']
        if (!label) continue
        button.setAttribute('aria-label', label)
        button.title = label
      }
    }
    name()
    const observer = new MutationObserver(name)
    observer.observe(document.body, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [])
}
