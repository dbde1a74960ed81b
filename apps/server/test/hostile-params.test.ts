import { describe, expect, it } from 'vitest'
import { signUpWithOrganization, useTestContext } from './helpers'

const ctx = useTestContext()

describe('hostile ids, tokens and query strings', () => {
  it('never answer 5xx', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const ids = ['0', '-1', '1.5', '99999999999999999999', '9007199254740993', '1e3', '%00', 'null', "1'or'1'='1"]
    for (const id of ids) {
      for (const [method, path] of [
        ['PATCH', `/organization/members/${id}`],
        ['DELETE', `/organization/members/${id}`],
        ['DELETE', `/organization/invitations/${id}`],
        ['DELETE', `/me/tokens/${id}`],
      ] as const) {
        const response = await client.request(method, path, method === 'PATCH' ? { roleId: 3 } : undefined)
        expect(response.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400)
        expect(response.statusCode, `${method} ${path}`).toBeLessThan(500)
      }
    }
    for (const token of ['x'.repeat(300), '%27%3B--', '..%2F..%2Fetc']) {
      const response = await client.get(`/invitations/${token}`)
      expect(response.statusCode).toBeLessThan(500)
    }
    for (const query of ['filter[pop]=peut-etre', 'filter[taxTypeId]=-1', 'page=abc', 'filter=1', 'filter[pop][x]=1']) {
      const response = await client.get(`/legal-forms?${query}`)
      expect(response.statusCode, query).toBe(400)
    }
    const switched = await client.post('/me/current-organization', { organizationId: '99999999999999999999' })
    expect(switched.statusCode).toBeLessThan(500)
  })
})
