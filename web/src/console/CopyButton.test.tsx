import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COPIED, COPY_FLASH_MS } from './consoleMessages'
import { CopyButton } from './CopyButton'

describe('CopyButton', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(() => Promise.resolve()) }, configurable: true })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("copies the text and shows 'Copied!' for exactly one second", async () => {
    expect(COPY_FLASH_MS).toBe(1000)
    render(<CopyButton label="Copy page address" text="https://civics.example/about" />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy page address' }))
    })
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('https://civics.example/about')
    expect(screen.getByRole('status')).toHaveTextContent(COPIED)
    act(() => vi.advanceTimersByTime(999))
    expect(screen.getByRole('status')).toHaveTextContent(COPIED)
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('status')).toHaveTextContent('')
  })
})
