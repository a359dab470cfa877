import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../test/render'
import { MediaUpload } from './MediaUpload'

const thumbnail = { id: 7, alt: 'The Capitol', filename: 'capitol.png', url: '/api/media/file/capitol.png', width: 1200, height: 675 }

describe('MediaUpload', () => {
  it("keeps a thumbnail's room while it loads: the image carries its size, so the form below does not move", () => {
    renderApp(<MediaUpload label="Thumbnail" image value={thumbnail} onChange={() => undefined} />)
    const image = screen.getByRole('img', { name: 'The Capitol' })
    expect(image).toHaveAttribute('width', '1200')
    expect(image).toHaveAttribute('height', '675')
  })

  it('draws an image without a known size as before', () => {
    renderApp(<MediaUpload label="Thumbnail" image value={{ ...thumbnail, width: null, height: null }} onChange={() => undefined} />)
    const image = screen.getByRole('img', { name: 'The Capitol' })
    expect(image).not.toHaveAttribute('width')
    expect(image).not.toHaveAttribute('height')
  })
})
