import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { currentLocation } from '../test/render'
import { consoleServer, renderConsole, staff } from './consoleTestServer'

describe('console Not Found', () => {
  it('shows Not Found for an unknown console path, and Go back returns to the previous page', async () => {
    consoleServer()
    const user = userEvent.setup()
    renderConsole('/console/no/such/screen', staff(['pages:write']), ['/console/pages'])
    expect(screen.getByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Go back' }))
    expect(currentLocation()).toBe('/console/pages')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pages' })).toBeInTheDocument()
  })
})
