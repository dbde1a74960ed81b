import { ASSOCIATE_PREFIX, type JournalDto } from '@app/domain'
import { bodiesSent, fakeServer, jsonResponse, type Route } from '../components/test-utils'

/** A journal as the API answers it; a bank account of Société Générale unless told otherwise. */
export const journal = (overrides: Partial<JournalDto> = {}): JournalDto => ({
  id: 1,
  name: 'Compte pro',
  code: 'BQ1',
  accountCode: '5121',
  journalTypeId: 1,
  journalType: { id: 1, code: 'BQ', name: 'Banque' },
  currencyId: 1,
  iban: 'FR7630003000110005000157821',
  bic: null,
  isDefault: false,
  isActive: true,
  startingValue: '1200.50',
  balance: '1600.39',
  transactionsCount: 0,
  accountingEntryId: null,
  owed: null,
  bank: { name: 'Société Générale', parentName: null, logoUrl: null },
  verifiedAt: null,
  createdAt: '2026-01-05T10:00:00Z',
  updatedAt: '2026-01-05T10:00:00Z',
  ...overrides,
})

const json = jsonResponse

/**
 * Stubs fetch with a small /journals server over `initial`: the list filtered by `filter[journalTypeCode]` and
 * `filter[isActive]`, creation (inactive when another bank account is active, "CCA " before an associate's name),
 * PATCH, toggle (409 for a second active bank account) and delete. `routes` answer first, as with stubApi, for the
 * refusals a test wants. Returns the fetch spy.
 */
export function stubJournalsApi(initial: JournalDto[], routes: Route[] = []) {
  // Copies: the server's changes must not reach the test's own objects (the next test starts from them).
  let journals = initial.map((item) => structuredClone(item))
  const activeBank = () => journals.some((item) => item.journalTypeId === 1 && item.isActive)
  const spy = fakeServer(routes, async ({ url, method, path, body }) => {
    if (path === '/journals' && method === 'GET') {
      const types = url.searchParams.get('filter[journalTypeCode]')?.split(',')
      const active = url.searchParams.get('filter[isActive]')
      const data = journals.filter(
        (item) =>
          (!types || types.includes(item.journalType.code)) && (active === null || String(item.isActive) === active),
      )
      return json(200, { data, meta: { total: data.length, page: 1, pageSize: 900 } })
    }
    if (path === '/journals' && method === 'POST') {
      const isBank = body.journalTypeId === 1
      const isOperator = body.journalTypeId === 3
      const sequence = journals.filter((item) => item.journalTypeId === body.journalTypeId).length + 1
      const type = isBank
        ? ({ id: 1, code: 'BQ', name: 'Banque' } as const)
        : isOperator
          ? ({ id: 3, code: 'EX', name: "Compte de l'exploitant" } as const)
          : ({ id: 2, code: 'CC', name: 'Compte courant' } as const)
      const created = journal({
        ...body,
        id: Math.max(0, ...journals.map((item) => item.id)) + 1,
        name:
          isBank || isOperator || body.name.startsWith(ASSOCIATE_PREFIX)
            ? body.name
            : `${ASSOCIATE_PREFIX}${body.name}`,
        code: `${type.code}${sequence}`,
        journalType: type,
        iban: body.iban ?? null,
        bic: body.bic ?? null,
        bank: null,
        isActive: !isBank || !activeBank(),
        startingValue: body.startingValue ?? '0',
        balance: body.startingValue ?? '0',
        owed: isBank ? null : (body.startingValue ?? '0'),
      })
      journals.push(created)
      return json(201, { data: created })
    }
    // The page's bank connections section: none, and no provider configured on this server.
    if (path === '/bank-connections') return json(200, { data: [], meta: { total: 0, page: 1, pageSize: 1000 } })
    if (path === '/bank-connections/providers') return json(200, { data: [] })
    const match = /^\/journals\/(\d+)(\/toggle)?$/.exec(path)
    const found = match ? journals.find((item) => item.id === Number(match[1])) : undefined
    if (!match || !found) return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
    if (match[2] && method === 'POST') {
      if (!found.isActive && found.journalTypeId === 1 && activeBank())
        return json(409, { message: 'Un autre compte bancaire est déjà actif.', code: 'ACTIVE_BANK_EXISTS' })
      found.isActive = !found.isActive
      return json(200, { data: found })
    }
    if (method === 'PATCH') {
      Object.assign(found, body)
      if (found.journalTypeId === 2 && !found.name.startsWith(ASSOCIATE_PREFIX))
        found.name = `${ASSOCIATE_PREFIX}${found.name}`
      return json(200, { data: found })
    }
    if (method === 'DELETE') {
      journals = journals.filter((item) => item !== found)
      return json(204, null)
    }
    return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })
  return spy
}

export { bodiesSent }
