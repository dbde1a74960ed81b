import { isSalesCategoryAllowed } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()

describe('GET /accounting-entries', () => {
  it('lists the general categories in one page, with the sales ones the catalogue offers', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.get('/accounting-entries?pageSize=1000')
    expect(response.statusCode).toBe(200)
    const { data, meta } = json(response)
    expect(meta).toMatchObject({ page: 1, pageSize: 1000 })
    expect(data).toHaveLength(meta.total)
    const sales = (data as { id: number; code: string }[]).filter(
      (entry) => isSalesCategoryAllowed('PRO', entry.code) || isSalesCategoryAllowed('SER', entry.code),
    )
    expect(sales.map((entry) => entry.code)).toEqual(expect.arrayContaining(['701', '706', '707', '708']))
    expect(data.find((entry: { id: number }) => entry.id === 406)).toMatchObject({
      code: '706',
      name: 'Prestations de services',
      taxTypeId: 1,
      taxRateId: 1,
      isSale: true,
    })
  })

  it('filters, searches, paginates; 400 on unknown parameters; needs a session', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const sales = json(await client.get('/accounting-entries?filter[isSale]=true'))
    expect(sales.data.every((entry: { isSale: boolean }) => entry.isSale)).toBe(true)
    const searched = json(await client.get(`/accounting-entries?search=${encodeURIComponent('prestations de')}`))
    expect(searched.data.map((entry: { code: string }) => entry.code)).toContain('706')
    expect(json(await client.get('/accounting-entries?pageSize=2&page=2')).data).toHaveLength(2)
    for (const query of ['filter[foo]=1', 'pageSize=10000', 'filter[isSale]=peut-etre'])
      expect((await client.get(`/accounting-entries?${query}`)).statusCode, query).toBe(400)
    expect((await new Client(ctx.app).get('/accounting-entries')).statusCode).toBe(401)
  })
})
