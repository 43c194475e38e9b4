import { describe, expect, it } from 'vitest'
import { withoutUnreadCustomProperties } from './template'

describe('a page’s inline styles', () => {
  it('drop the custom properties nothing on the page reads, and keep every one that is read', () => {
    const css =
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
      '@property --tw-backdrop-blur{syntax:"*";inherits:false}' +
      '@property --tw-shadow-color{syntax:"*";inherits:false}' +
      '@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-backdrop-blur:initial;--tw-shadow-color:initial}}}' +
      '.card{--tw-font-weight:600;font-weight:600;--tw-shadow:0 1px 3px var(--tw-shadow-color,#0000001a);box-shadow:var(--tw-shadow)}' +
      '.fade{transition-property:--tw-gradient-from,opacity;--tw-gradient-from:red;--tw-tracking:.1em;letter-spacing:.1em}'
    const kept = withoutUnreadCustomProperties(css, '<div class="card" style="width:var(--bar-width);--bar-width:40%"></div>')
    expect(kept).toBe(
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
        '@property --tw-shadow-color{syntax:"*";inherits:false}' +
        '@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-shadow-color:initial}}}' +
        '.card{font-weight:600;--tw-shadow:0 1px 3px var(--tw-shadow-color,#0000001a);box-shadow:var(--tw-shadow)}' +
        '.fade{transition-property:--tw-gradient-from,opacity;--tw-gradient-from:red;letter-spacing:.1em}',
    )
    // A property read only by the page's markup (an inline style) is read.
    expect(withoutUnreadCustomProperties('.bar{--bar-width:10%}', '<div style="width:var(--bar-width)"></div>')).toBe(
      '.bar{--bar-width:10%}',
    )
    expect(withoutUnreadCustomProperties('.bar{--bar-width:10%}', '<div></div>')).toBe('.bar{}')
    // A double hyphen in a class name is not a property.
    expect(withoutUnreadCustomProperties('.card--wide:hover{color:red;--x:1}', '')).toBe('.card--wide:hover{color:red;}')
  })
})
