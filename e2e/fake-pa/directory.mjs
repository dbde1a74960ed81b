// The Directory service (directory-service-1.3.0.json) over the stand-in's companies: legal units (SIREN),
// facilities (SIRET), routing codes and directory lines (the electronic invoicing addresses, scheme 0225).

import { badRequest, notFound, parseJson, readBody, sendError, sendJson } from './http.mjs'
import { DIRECTORY_DOC, describeErrors } from './openapi.mjs'
import { store } from './store.mjs'

const legalUnit = (company) => ({
  siren: company.siren,
  businessName: company.name.slice(0, 150),
  entityType: 'PrivateVatRegistered',
  administrativeStatus: 'A',
})

const facilities = () =>
  [...store.companies.values()].flatMap((company) => {
    const sirets = [...new Set(company.lines.map((l) => l.siret).filter(Boolean))]
    return sirets.map((siret, index) => ({
      siret,
      siren: company.siren,
      name: company.name.slice(0, 100),
      facilityType: index === 0 ? 'P' : 'S',
      administrativeStatus: 'A',
      legalUnit: legalUnit(company),
    }))
  })

const routingCodes = () =>
  [...store.companies.values()].flatMap((company) =>
    company.lines
      .filter((l) => l.routingIdentifier)
      .map((l) => ({
        siret: l.siret,
        routingIdentifier: l.routingIdentifier,
        routingIdentifierType: '0224',
        routingCodeName: l.routingCodeName ?? l.routingIdentifier,
        administrativeStatus: 'A',
        legalUnit: legalUnit(company),
      })),
  )

function lineResource(line, company, include = []) {
  return {
    addressingIdentifier: line.addressingIdentifier,
    platformType: 'WK',
    directoryLineStatus: 'Enabled',
    siren: line.siren,
    ...(line.siret ? { siret: line.siret } : {}),
    ...(line.routingIdentifier ? { routingIdentifier: line.routingIdentifier } : {}),
    ...(line.addressingSuffix ? { addressingSuffix: line.addressingSuffix } : {}),
    ...(include.includes('siren') ? { legalUnit: legalUnit(company) } : {}),
    ...(include.includes('siret') && line.siret ? { facility: facilities().find((f) => f.siret === line.siret) } : {}),
    ...(include.includes('routingCode') && line.routingIdentifier
      ? {
          routingCode: {
            routingIdentifier: line.routingIdentifier,
            routingIdentifierType: '0224',
            routingCodeName: line.routingCodeName ?? line.routingIdentifier,
            administrativeStatus: 'A',
          },
        }
      : {}),
  }
}

const lines = () => [...store.companies.values()].flatMap((company) => company.lines.map((line) => ({ line, company })))

/** A filter {op, value} of the searches: strict equality, "contains", or "startWith". */
function matches(filter, actual) {
  if (!filter || filter.value === undefined) return true
  if (actual === null || actual === undefined) return false
  const [a, v] = [String(actual), String(filter.value)]
  if (filter.op === 'contains') return a.includes(v)
  if (filter.op === 'startWith' || filter.op === 'startsWith') return a.startsWith(v)
  return a === v
}

/** limit/ignore paging, and the search echoed back as the documents' *SearchPost200Response say. */
const page = (search, results) => ({
  search,
  totalNumberOfResults: results.length,
  results: results.slice(search.ignore ?? 0, (search.ignore ?? 0) + (search.limit ?? 50)),
})

export function directoryRoutes(validator) {
  async function searchBody(req, res, schema) {
    const body = parseJson(res, (await readBody(req, 1024 * 1024)) ?? Buffer.alloc(0))
    if (body === undefined) return undefined
    const validate = validator(DIRECTORY_DOC, `#/components/schemas/${schema}`)
    if (body === null || !validate(body)) {
      badRequest(res, `Invalid request format: ${describeErrors(validate.errors) || 'a JSON object is required'}`)
      return undefined
    }
    return body
  }

  return [
    ['GET', /^\/v1\/healthcheck$/, (_req, res) => res.writeHead(200).end()],
    [
      'GET',
      /^\/v1\/siren\/code-insee:([^/]*)$/,
      (_req, res, [siren]) => {
        if (!/^\d{9}$/.test(siren)) return sendError(res, 400, 'INVALID_SIREN', 'A SIREN has 9 digits')
        const company = store.companies.get(siren)
        return company ? sendJson(res, 200, legalUnit(company)) : notFound(res, `SIREN ${siren} not found`)
      },
    ],
    [
      'POST',
      /^\/v1\/siren\/search$/,
      async (req, res) => {
        const search = await searchBody(req, res, 'searchSiren')
        if (!search) return
        const f = search.filters ?? {}
        const found = [...store.companies.values()]
          .filter((c) => matches(f.siren, c.siren) && matches(f.businessName, c.name))
          .map(legalUnit)
        sendJson(res, 200, page(search, found))
      },
    ],
    [
      'GET',
      /^\/v1\/siret\/code-insee:([^/]*)$/,
      (_req, res, [siret]) => {
        if (!/^\d{14}$/.test(siret)) return sendError(res, 400, 'INVALID_SIRET', 'A SIRET has 14 digits')
        const facility = facilities().find((f) => f.siret === siret)
        return facility ? sendJson(res, 200, facility) : notFound(res, `SIRET ${siret} not found`)
      },
    ],
    [
      'POST',
      /^\/v1\/siret\/search$/,
      async (req, res) => {
        const search = await searchBody(req, res, 'searchSiret')
        if (!search) return
        const f = search.filters ?? {}
        const found = facilities().filter((x) => matches(f.siret, x.siret) && matches(f.name, x.name))
        sendJson(res, 200, page(search, found))
      },
    ],
    [
      'POST',
      /^\/v1\/routing-code\/search$/,
      async (req, res) => {
        const search = await searchBody(req, res, 'routingCodeSearch')
        if (!search) return
        const f = search.filters ?? {}
        const found = routingCodes().filter(
          (r) => matches(f.routingIdentifier, r.routingIdentifier) && matches(f.siret, r.siret),
        )
        sendJson(res, 200, page(search, found))
      },
    ],
    [
      'GET',
      /^\/v1\/routing-code\/siret:([^/]*)\/code:([^/]*)$/,
      (_req, res, [siret, code]) => {
        const found = routingCodes().find((r) => r.siret === siret && r.routingIdentifier === decodeURIComponent(code))
        return found ? sendJson(res, 200, found) : notFound(res, 'Routing code not found')
      },
    ],
    [
      'POST',
      /^\/v1\/directory-line\/search$/,
      async (req, res) => {
        const search = await searchBody(req, res, 'searchDirectoryLine')
        if (!search) return
        const f = search.filters ?? {}
        const found = lines()
          .filter(
            ({ line }) =>
              matches(f.addressingIdentifier, line.addressingIdentifier) &&
              matches(f.siren, line.siren) &&
              matches(f.siret, line.siret) &&
              matches(f.routingIdentifier, line.routingIdentifier) &&
              matches(f.addressingSuffix, line.addressingSuffix),
          )
          .map(({ line, company }) => lineResource(line, company, search.include))
        sendJson(res, 200, page(search, found))
      },
    ],
    [
      'GET',
      /^\/v1\/directory-line\/code:([^/]*)$/,
      (_req, res, [identifier], url) => {
        const id = decodeURIComponent(identifier)
        const found = lines().find(({ line }) => line.addressingIdentifier === id)
        if (!found) return notFound(res, `Directory line ${id} not found`)
        const include = (url.searchParams.get('include') ?? '').split(',').filter(Boolean)
        sendJson(res, 200, lineResource(found.line, found.company, include))
      },
    ],
  ]
}
