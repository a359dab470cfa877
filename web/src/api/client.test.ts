import { afterEach, describe, expect, it } from 'vitest'
import { mockFetch } from '../test/render'
import { api, ApiError, setCsrfToken } from './client'

afterEach(() => {
  setCsrfToken(undefined)
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

describe('api client', () => {
  it('sends the CSRF header on writes, same-origin credentials, and no header on reads', async () => {
    setCsrfToken('token-from-page')
    const { calls, spy } = mockFetch(() => ({ body: { ok: true } }))
    await api.get('/api/topics')
    await api.post('/api/login', { username: 'a', password: 'b' })
    expect(calls[0].headers['X-XSRF-TOKEN']).toBeUndefined()
    expect(calls[1].headers['X-XSRF-TOKEN']).toBe('token-from-page')
    expect(calls[1].body).toEqual({ username: 'a', password: 'b' })
    expect(spy.mock.calls[1][1]?.credentials).toBe('same-origin')
  })

  it('reads the token from the page data, else from the XSRF-TOKEN cookie', async () => {
    const script = document.createElement('script')
    script.id = 'page-data'
    script.type = 'application/json'
    script.textContent = '{"csrfToken":"abc","user":null}'
    document.head.append(script)
    const { calls } = mockFetch(() => ({ body: {} }))
    await api.put('/api/x', {})
    expect(calls[0].headers['X-XSRF-TOKEN']).toBe('abc')
    script.remove()

    setCsrfToken(null)
    document.cookie = 'XSRF-TOKEN=from%20cookie'
    await api.put('/api/x', {})
    expect(calls[1].headers['X-XSRF-TOKEN']).toBe('from cookie')
  })

  it("throws the server's errors[0].message with status and field errors", async () => {
    const fieldErrors = [{ path: 'email', message: 'Email is required.' }]
    mockFetch(() => ({ status: 400, body: { errors: [{ message: 'Email is required.', data: { errors: fieldErrors } }] } }))
    const error = await api.post('/api/signup', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('Email is required.')
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).fieldErrors).toEqual(fieldErrors)
  })

  it('falls back to the body message, then to the status text of the spec', async () => {
    mockFetch(({ url }) => (url === '/a' ? { status: 401, body: { message: 'Wrong password.' } } : { status: 500, body: undefined }))
    await expect(api.get('/a')).rejects.toThrow('Wrong password.')
    await expect(api.get('/b')).rejects.toThrow('Request failed with status code 500')
  })
})
