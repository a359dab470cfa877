import { describe, expect, it } from 'vitest'

import { sanitizeContentHtml } from '../fields/richtext'

describe('rich text as the SPA shows it', () => {
  it('shows an image of another site as a link to it, so no reader fetches it; keeps images the product serves', () => {
    const html = sanitizeContentHtml(
      '<p><img src="https://maps.example.org/fl.png" alt="Map of Florida"><img src="//cdn.example.net/x.png"><img src="/api/media/file/seal.png" alt="Seal"></p>',
    )
    expect(html).toBe(
      '<p><a href="https://maps.example.org/fl.png" rel="noopener noreferrer">Map of Florida</a><a href="//cdn.example.net/x.png" rel="noopener noreferrer">//cdn.example.net/x.png</a><img src="/api/media/file/seal.png" alt="Seal" /></p>',
    )
  })

  it('drops an image whose address is not a web address', () => {
    expect(sanitizeContentHtml('<img src="javascript:alert(1)" alt="x">')).not.toContain('javascript:')
  })
})
