import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MarkdownPreview, safeUrl } from './MarkdownPreview'

describe('MarkdownPreview', () => {
  it('renders headings, emphasis, lists and safe links', () => {
    render(<MarkdownPreview markdown={'# Title\n\nSome **bold** and *soft* text with [a link](https://example.org).\n\n- one\n- two'} />)
    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument()
    expect(preview.querySelector('strong')).toHaveTextContent('bold')
    expect(preview.querySelector('em')).toHaveTextContent('soft')
    expect(screen.getByRole('link', { name: 'a link' })).toHaveAttribute('href', 'https://example.org')
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })

  it('never runs markup or script URLs: HTML stays text and unsafe links lose their href', () => {
    const { container } = render(<MarkdownPreview markdown={'<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) ![x](data:text/html,hi)'} />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('a')).toBeNull()
    expect(screen.getByText(/<img src=x onerror="alert\(1\)">/)).toBeInTheDocument()
    expect(safeUrl('javascript:alert(1)')).toBeNull()
    expect(safeUrl('/pages/about')).toBe('/pages/about')
  })
})
