import { type AccountingEntryDto, messages, TAX_RATE_IDS, TAX_TYPE_IDS } from '@app/domain'
import { bodiesSent, fakeServer, jsonResponse, type Route } from '../../../components/test-utils'
import { TAXES } from '../../../test-support/fakeTransactionsApi'

/** A category as GET /accounting-entries answers it; a general one of the expenses' chart unless told otherwise. */
export const entry = (overrides: Partial<AccountingEntryDto> & Pick<AccountingEntryDto, 'id' | 'code' | 'name'>) =>
  ({
    organizationId: null,
    parentId: null,
    description: null,
    hint: null,
    keywords: null,
    taxTypeId: TAX_TYPE_IDS.bs,
    taxRateId: TAX_RATE_IDS.NOR,
    isExp: true,
    isCash: false,
    isSale: false,
    isParent: false,
    isDisplayed: true,
    isCommon: true,
    position: overrides.id,
    isActive: true,
    isEditable: false,
    tags: [],
    ...overrides,
  }) satisfies AccountingEntryDto

/** Charges › Services extérieurs › Frais de télécommunications, Réceptions; Trésorerie (not subject) › Compte d'attente. */
export const CHART = {
  charges: entry({ id: 1, code: '0', name: 'Charges', isExp: false, isParent: true }),
  services: entry({ id: 100, parentId: 1, code: '62', name: 'Autres services extérieurs', isParent: true }),
  phone: entry({
    id: 101,
    parentId: 100,
    code: '626',
    name: 'Frais postaux et de télécommunications',
    keywords: 'téléphone, internet',
    tags: [
      { id: 1, name: 'is_exp' },
      { id: 11, name: 'téléphone' },
      { id: 12, name: 'internet' },
    ],
  }),
  food: entry({ id: 102, parentId: 100, code: '6257', name: 'Réceptions', keywords: 'restaurant' }),
  treasury: entry({
    id: 4,
    code: '0',
    name: 'Trésorerie, capitaux et tiers',
    taxTypeId: TAX_TYPE_IDS.ns,
    taxRateId: TAX_RATE_IDS.NUL,
    isExp: false,
    isParent: true,
  }),
  holding: entry({
    id: 701,
    parentId: 4,
    code: '471000',
    name: "Compte d'attente",
    taxTypeId: TAX_TYPE_IDS.ns,
    taxRateId: TAX_RATE_IDS.NUL,
    isExp: false,
  }),
}

/** An organisation's own category under "Frais postaux et de télécommunications". */
export const mobile = entry({
  id: 100001,
  organizationId: 1,
  parentId: 101,
  code: '626100',
  name: 'Forfait mobile',
  keywords: 'orange, sfr',
  isEditable: true,
  isCommon: false,
  position: 100001,
})

export const TAX_TYPES = [
  { id: TAX_TYPE_IDS.vt, code: 'vt', name: 'Ventes et prestations (TVA collectée)' },
  { id: TAX_TYPE_IDS.bs, code: 'bs', name: 'Biens et services (TVA déductible)' },
  { id: TAX_TYPE_IDS.im, code: 'im', name: 'Immobilisations (TVA déductible)' },
  { id: TAX_TYPE_IDS.ns, code: 'ns', name: 'Non soumis à la TVA' },
]
export const TAX_RATES = [
  { id: TAX_RATE_IDS.NOR, code: 'NOR', name: 'Taux normal' },
  { id: TAX_RATE_IDS.RED, code: 'RED', name: 'Taux réduit' },
  { id: TAX_RATE_IDS.NUL, code: 'NUL', name: 'Pas de TVA' },
]

const json = jsonResponse

const list = (data: unknown[]) => json(200, { data, meta: { total: data.length, page: 1, pageSize: 9999 } })

/**
 * Stubs fetch with a small categories server over copies of `initial`: the list (filter[category], filter[isActive]),
 * the reference lists, toggle, delete (409 for ids in `used`), creation and edit (409 on a general category), with
 * the form's first checks. `routes` answer first, for the refusals a test wants. Returns the fetch spy.
 */
export function stubCategoriesApi(
  initial: AccountingEntryDto[],
  { used = [] as number[], routes = [] as Route[] } = {},
) {
  let entries = initial.map((item) => structuredClone(item))
  const spy = fakeServer(routes, async ({ url, method, path, body }) => {
    if (path === '/tax-types') return list(TAX_TYPES)
    if (path === '/tax-rates') return list(TAX_RATES)
    if (path === '/taxes') return list(TAXES)
    if (path === '/accounting-entries' && method === 'GET') {
      const category = url.searchParams.get('filter[category]')
      const active = url.searchParams.get('filter[isActive]')
      return list(
        entries.filter(
          (item) =>
            (category === null || (category === 'custom') === (item.organizationId !== null)) &&
            (active === null || String(item.isActive) === active),
        ),
      )
    }
    if (path === '/accounting-entries' && method === 'POST') {
      const parent = entries.find((item) => item.id === body.parentId)
      if (!parent)
        return json(422, {
          message: 'Données invalides',
          code: 'VALIDATION_FAILED',
          errors: { parentId: [messages.accountingEntries.parentUnknown] },
        })
      const created = entry({
        ...body,
        id: Math.max(100000, ...entries.map((item) => item.id)) + 1,
        code: body.code ?? parent.code,
        organizationId: 1,
        isEditable: true,
      })
      entries.push(created)
      return json(201, { data: created })
    }
    const match = /^\/accounting-entries\/(\d+)(\/toggle)?$/.exec(path)
    const found = match ? entries.find((item) => item.id === Number(match[1])) : undefined
    if (!match || !found) return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
    if (match[2]) {
      found.isActive = !found.isActive
      return json(200, { data: found })
    }
    if (method === 'DELETE') {
      if (used.includes(found.id)) return json(409, { message: messages.accountingEntries.used, code: 'CONFLICT' })
      entries = entries.filter((item) => item !== found)
      return json(204, null)
    }
    if (method === 'PATCH') {
      if (!found.isEditable) return json(409, { message: messages.accountingEntries.notEditable, code: 'CONFLICT' })
      Object.assign(found, body)
      return json(200, { data: found })
    }
    return json(200, { data: found })
  })
  return spy
}

export { bodiesSent }
