import type { AuditEventDto } from '@app/domain'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeServer, jsonResponse, renderPage } from '../../../components/test-utils'
import { AuditTrailPage } from './AuditTrailPage'

const event = (fields: Partial<AuditEventDto> = {}): AuditEventDto => ({
  id: 1,
  occurredAt: '2026-11-24T09:30:05.000Z',
  actorKind: 'user',
  userId: 7,
  actorName: 'Camille Martin',
  actorEmail: 'camille@exemple.fr',
  tokenId: null,
  tokenName: null,
  impersonatorId: null,
  impersonatorName: null,
  ip: '203.0.113.7',
  userAgent: 'Firefox',
  category: 'documents',
  summary: 'Valide une facture : elle reçoit son numéro',
  method: 'POST',
  route: '/invoices/:id/validate',
  targetId: '12',
  status: 200,
  succeeded: true,
  ...fields,
})

const members = {
  path: '/organization/members',
  body: { data: [{ id: 7, firstname: 'Camille', lastname: 'Martin', email: 'camille@exemple.fr' }] },
}

/** A server that answers the trail, remembering the queries the page asked. */
function server(answer: (query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = []
  fakeServer([members], ({ path, url }) => {
    if (path !== '/audit-events') return jsonResponse(404, { message: 'introuvable', code: 'NOT_FOUND' })
    queries.push(url.searchParams)
    return answer(url.searchParams)
  })
  return queries
}

const page = (data: AuditEventDto[], total = data.length, pageNumber = 1) =>
  jsonResponse(200, { data, meta: { total, page: pageNumber, pageSize: 25 } })

describe('AuditTrailPage', () => {
  it('shows who did what, when in Paris, from where, and the result', async () => {
    server(() =>
      page([
        event(),
        event({
          id: 2,
          actorKind: 'anonymous',
          userId: null,
          actorName: null,
          actorEmail: 'inconnu@exemple.fr',
          category: 'auth',
          summary: "Ouvre une session avec l'adresse email et le mot de passe",
          status: 401,
          succeeded: false,
          targetId: null,
        }),
        event({ id: 3, actorKind: 'jobs', userId: null, actorName: null, actorEmail: null, ip: null }),
        event({ id: 4, actorKind: 'token', tokenId: 3, tokenName: 'Script compta' }),
      ]),
    )
    renderPage(<AuditTrailPage />, { route: '/app/setting/audit' })
    expect(await screen.findByText('4 actions')).toBeTruthy()
    const table = within(screen.getByRole('table'))
    expect(table.getAllByText('24/11/2026 10:30:05')).toHaveLength(4)
    expect(table.getAllByText('Camille Martin')).toHaveLength(1)
    expect(table.getByText('Adresse inconnue (inconnu@exemple.fr)')).toBeTruthy()
    expect(table.getByText('Carnet (tâches automatiques)')).toBeTruthy()
    expect(table.getByText("Camille Martin, Script compta (jeton d'API)")).toBeTruthy()
    expect(table.getAllByText('Refusé')).toHaveLength(1)
    expect(table.getAllByText('Réussi')).toHaveLength(3)
    expect(table.getAllByText('Documents · n° 12')).toHaveLength(3)
  })

  it('asks the server again with the category chosen, from its first page', async () => {
    const queries = server((query) =>
      query.get('filter[category]') === 'exports'
        ? page([event({ summary: 'Exporte le journal', category: 'exports' })])
        : page([event()], 60, Number(query.get('page'))),
    )
    renderPage(<AuditTrailPage />, { route: '/app/setting/audit' })
    expect(await screen.findByText('60 actions')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'))
    fireEvent.click(screen.getByRole('combobox', { name: 'Catégorie' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Exports' }))
    expect(await screen.findByText('Exporte le journal')).toBeTruthy()
    expect(queries.at(-1)?.get('filter[category]')).toBe('exports')
    expect(queries.at(-1)?.get('page')).toBe('1')
  })

  it('says when nothing matches, and when the trail cannot be read', async () => {
    server(() => page([]))
    const first = renderPage(<AuditTrailPage />, { route: '/app/setting/audit' })
    expect(await screen.findByText('Aucune action pour ces filtres')).toBeTruthy()
    first.unmount()
    server(() => jsonResponse(500, { message: 'Erreur', code: 'INTERNAL' }))
    renderPage(<AuditTrailPage />, { route: '/app/setting/audit' })
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeTruthy()
  })
})
