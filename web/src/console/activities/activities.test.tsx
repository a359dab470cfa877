import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentLocation, field } from '../../test/render'
import { ACTIVITY_SAVED } from '../consoleMessages'
import { consoleServer, list, renderConsole, staff } from '../consoleTestServer'
import { PACKAGE_UPLOADED } from './StorylineUpload'

const modules = [
  { id: 8, title: 'Speech' },
  { id: 9, title: 'Voting' },
]

describe('activity create', () => {
  it('preselects ?moduleId, shows the type-specific fields and opens the edit screen', async () => {
    const user = userEvent.setup()
    const { find } = consoleServer(({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/modules?')) return list(modules)
      if (method === 'POST' && url === '/api/activities') return { status: 201, body: { doc: { id: 30, title: 'Sources', module: 9 } } }
      return undefined
    })
    renderConsole('/console/activities/create?moduleId=9', staff(['activities:write']))
    await waitFor(() => expect(field('Module')).toHaveValue('9'))
    await user.type(field('Title'), 'Sources')
    await user.selectOptions(field('Type'), 'links')
    await user.click(screen.getByRole('button', { name: 'Add link' }))
    await user.type(field('Link 1 text'), 'Constitution')
    await user.type(field('Link 1 address'), 'https://constitution.example')
    expect(screen.queryByLabelText('Video embed code')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Create Activity' }))
    await waitFor(() => expect(currentLocation()).toBe('/console/activities/30'))
    expect(find('POST', '/api/activities')[0].body).toMatchObject({
      module: 9,
      title: 'Sources',
      type: 'links',
      links: [{ text: 'Constitution', path: 'https://constitution.example' }],
    })
  })
})

class FakeUpload {
  static last: FakeUpload | null = null
  status = 0
  responseText = ''
  withCredentials = false
  headers: Record<string, string> = {}
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  url = ''
  body: FormData | null = null
  open(_method: string, url: string) {
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeUpload.last = this
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

describe('storyline package', () => {
  afterEach(() => {
    FakeUpload.last = null
  })

  /** A Storyline activity of module 8, as the console reads it. */
  const storylineQuiz = (id: number) => ({ id, title: 'Quiz', type: 'storyline', module: { id: 8, title: 'Speech' }, order: 1, width: 'full', markdown: '' })

  it('shows the current package with a Preview link, uploads with progress and shows the server error', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload)
    const user = userEvent.setup()
    const activity = {
      ...storylineQuiz(30),
      storyline: { filename: 'quiz.zip', fileCount: 12, totalBytes: 2048, uploadedAt: '2026-01-02T10:00:00.000Z' },
      storylineUrl: '/uploads/30/storyline/story.html',
    }
    consoleServer(({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/activities/30')) return { body: activity }
      if (method === 'GET' && url.startsWith('/api/modules?')) return list(modules)
      // The package has not tried to reach another host (the Outside hosts panel).
      if (method === 'GET' && url.startsWith('/api/blocked-requests?')) return list([])
      return undefined
    })
    renderConsole('/console/activities/30', staff(['activities:write']))
    expect(await screen.findByText('quiz.zip')).toBeInTheDocument()
    expect(screen.getByText('2.0 KB')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /^Preview/ })).toHaveAttribute('href', '/uploads/30/storyline/story.html')
    const file = new File(['zip'], 'new.zip', { type: 'application/zip' })
    await user.upload(screen.getByLabelText('Storyline export (.zip)'), file)
    await user.click(screen.getByRole('button', { name: 'Replace package' }))
    const xhr = FakeUpload.last as FakeUpload
    expect(xhr.url).toBe('/api/activities/30/storyline')
    expect((xhr.body as FormData).get('file')).toBe(file)
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 })
    expect(await screen.findByText('50%')).toBeInTheDocument()
    xhr.answer(400, { errors: [{ message: 'The package has no story.html at its root.' }] })
    expect(await screen.findByRole('alert')).toHaveTextContent('The package has no story.html at its root.')
    await user.click(screen.getByRole('button', { name: 'Replace package' }))
    ;(FakeUpload.last as FakeUpload).answer(200, { message: 'ok', doc: { ...activity, storyline: { ...activity.storyline, filename: 'new.zip' } } })
    expect(await screen.findByText(PACKAGE_UPLOADED)).toBeInTheDocument()
    expect(ACTIVITY_SAVED).toBe('Activity saved.')
  })

  it('names what the upload found in a cmi5 export: the standard and the launch file, and the warnings', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload)
    const user = userEvent.setup()
    let activity: Record<string, unknown> = { ...storylineQuiz(31), storyline: null }
    consoleServer(({ method, url }) => {
      if (method === 'GET' && url.startsWith('/api/activities/31')) return { body: activity }
      if (method === 'GET' && url.startsWith('/api/modules?')) return list(modules)
      return undefined
    })
    renderConsole('/console/activities/31', staff(['activities:write']))
    await user.upload(await screen.findByLabelText('Storyline export (.zip)'), new File(['zip'], 'cmi5.zip', { type: 'application/zip' }))
    await user.click(screen.getByRole('button', { name: 'Upload package' }))
    const storyline = {
      filename: 'cmi5.zip',
      fileCount: 3,
      totalBytes: 4096,
      uploadedAt: '2026-01-02T10:00:00.000Z',
      standard: 'cmi5',
      launchFile: 'index_lms.html',
    }
    activity = { ...activity, storyline }
    const warning = 'cmi5.xml asks for the AU in its own window; the product plays it in its activity window, as every package.'
    ;(FakeUpload.last as FakeUpload).answer(200, { message: 'ok', doc: activity, warnings: [warning] })
    expect(await screen.findByText('cmi5: reports progress and score')).toBeInTheDocument()
    expect(screen.getByText('index_lms.html')).toBeInTheDocument()
    expect(screen.getByText(warning)).toBeInTheDocument()
  })
})
