import { messages } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext()

const request = (overrides: Record<string, unknown> = {}) => ({
  name: 'Importer un relevé CSV',
  screenName: 'Import de relevé',
  pathName: '/app/financial/bank/import',
  hostName: 'carnet.exemple.fr',
  overview: 'Je ne sais pas quelles colonnes choisir pour le relevé de ma banque.',
  description: 'Ma banque met le débit et le crédit dans deux colonnes.',
  ...overrides,
})

type Row = { organization_id: number; user_id: number; user_email: string; name: string; path_name: string }
const rows = async () =>
  (await ctx.database.db.execute(sql`select * from tutorial_requests order by id`)).rows as unknown as Row[]

describe('tutorial requests', () => {
  it('records the request with the member and the organisation of the session', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const other = await signUpWithOrganization(ctx.app)
    // Another organisation cannot be named in the body: the key is refused, never taken.
    const foreign = await owner.client.post('/tutorial-requests', request({ organizationId: other.organization.id }))
    expect(json(foreign).errors).toEqual({ organizationId: [messages.validation.unknownField('organizationId')] })
    const response = await owner.client.post('/tutorial-requests', request())
    expect(response.statusCode, response.body).toBe(201)
    expect(json(response).data).toMatchObject({ message: 'Ta demande a bien été enregistrée.' })
    const saved = (await rows()).find((row) => Number(row.user_id) === owner.id)
    expect(saved).toMatchObject({
      user_email: owner.email,
      name: 'Importer un relevé CSV',
      path_name: '/app/financial/bank/import',
    })
    expect(Number(saved?.organization_id)).toBe(owner.organization.id)
  })

  it("keeps the spec's limits: 4000 characters of overview, 8000 of description, with their messages", async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    expect((await client.post('/tutorial-requests', request({ overview: 'a'.repeat(4000) }))).statusCode).toBe(201)
    const overview = await client.post('/tutorial-requests', request({ overview: 'a'.repeat(4001) }))
    expect(overview.statusCode).toBe(422)
    expect(json(overview).errors.overview).toEqual(['Ce champ est rempli, tu peux continuer dans la description.'])
    const description = await client.post('/tutorial-requests', request({ description: 'a'.repeat(8001) }))
    expect(description.statusCode).toBe(422)
    expect(json(description).errors.description).toEqual([
      'Ce champ ne peut pas prendre autant de caractères (max 8000)',
    ])
  })

  it('needs the name, the path, the host and the overview; the screen and the description may be left out', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.post('/tutorial-requests', { screenName: 'Tableau de bord' })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(json(response).errors).sort()).toEqual(['hostName', 'name', 'overview', 'pathName'])
    expect(json(response).errors.name).toEqual(['Ce champ est obligatoire'])
    const minimal = request({ screenName: undefined, description: undefined })
    expect((await client.post('/tutorial-requests', minimal)).statusCode).toBe(201)
  })

  it('is for signed-in members only', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tutorial-requests',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      payload: request(),
    })
    expect(response.statusCode).toBe(401)
  })
})
