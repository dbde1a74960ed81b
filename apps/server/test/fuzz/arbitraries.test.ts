import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { resolvePointer, type Schema, schemaArbitrary } from './arbitraries'
import { followRedirect } from './checker'
import { type FormPart, formArbitraries } from './multipart'
import { HOSTILE_IDS, mutatedArbitrary } from './mutations'

/** A small document in the shape the served one has: components referred to by `$ref`. */
const document = {
  components: {
    schemas: {
      Address: {
        type: 'object',
        properties: {
          street: { anyOf: [{ type: 'string', maxLength: 249 }, { type: 'null' }] },
          postcode: { type: 'string', pattern: '^\\d{5}$' },
          countryId: { type: 'integer', exclusiveMinimum: 0, maximum: 2147483647 },
        },
        required: ['postcode', 'countryId'],
        additionalProperties: false,
      },
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
        required: ['name', 'children'],
      },
    },
  },
}

const schemas: Record<string, Schema> = {
  'an invoice body (nested objects, arrays, enums, bounds)': {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 249 },
      datedAt: { type: 'string', format: 'date' },
      contactId: { type: ['string', 'number', 'null'] },
      paymentLimit: { type: 'integer', minimum: 0, maximum: 365 },
      lines: {
        maxItems: 500,
        type: 'array',
        items: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: ['PRODUCT', 'SERVICE', 'MISC'] },
            amount: { type: ['string', 'number'] },
            discount: {
              anyOf: [
                {
                  type: 'object',
                  properties: { percentage: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 100 } },
                  required: ['percentage'],
                },
                { type: 'null' },
              ],
            },
          },
          required: ['type', 'amount'],
        },
      },
    },
    required: ['name', 'datedAt', 'lines'],
  },
  'a $ref to a component, with a pattern and no extra keys': { $ref: '#/components/schemas/Address' },
  'a recursive component': { $ref: '#/components/schemas/Node' },
  'an e-mail with lookaheads (fast-check cannot generate them itself)': {
    type: 'string',
    minLength: 1,
    maxLength: 254,
    pattern: "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\\.)+[A-Za-z]{2,}$",
  },
  'a list answer (allOf, const, oneOf, dates, a map)': {
    allOf: [
      { type: 'object', properties: { kind: { const: 'list' } }, required: ['kind'] },
      {
        type: 'object',
        properties: {
          at: { type: 'string', format: 'date-time' },
          total: {
            oneOf: [
              { type: 'integer', minimum: 0 },
              { type: 'string', maxLength: 0 },
            ],
          },
          errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          flags: { type: 'array', items: { type: 'boolean' }, minItems: 2, maxItems: 2, uniqueItems: true },
        },
        required: ['at', 'total', 'errors', 'flags'],
      },
    ],
  },
}

function validatorFor(schema: Schema) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema(document, 'doc.json')
  const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc.json#/components'))
  return ajv.compile(rewritten)
}

describe('JSON Schema arbitraries', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    it(`generates values that validate: ${name}`, () => {
      const validate = validatorFor(schema)
      fc.assert(
        fc.property(schemaArbitrary(schema, { root: document }), (value) => {
          expect(validate(value), `${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`).toBe(true)
        }),
        { numRuns: 300, seed: 42 },
      )
    })
  }

  it('reaches the boundaries: empty and longest strings, smallest and largest integers', () => {
    const values = fc.sample(
      schemaArbitrary({
        type: 'object',
        properties: {
          text: { type: 'string', minLength: 0, maxLength: 12 },
          count: { type: 'integer', minimum: 1, maximum: 365 },
        },
        required: ['text', 'count'],
      }),
      { numRuns: 500, seed: 7 },
    ) as { text: string; count: number }[]
    expect(values.some((value) => value.text === '')).toBe(true)
    expect(values.some((value) => value.text.length === 12)).toBe(true)
    expect(values.some((value) => value.count === 1)).toBe(true)
    expect(values.some((value) => value.count === 365)).toBe(true)
  })

  it('breaks valid bodies in every way it says, and the result no longer validates for the typed mutations', () => {
    const schema = schemas['an invoice body (nested objects, arrays, enums, bounds)'] as Schema
    const validate = validatorFor({ ...(schema as object), additionalProperties: false })
    const mutated = fc.sample(mutatedArbitrary(schema, { root: document }), { numRuns: 600, seed: 3 })
    const kinds = new Set(mutated.map((sample) => sample.mutation))
    expect([...kinds].sort()).toEqual(
      [
        'hostile value',
        'missing field',
        'missing required field',
        'not an object',
        'unknown field',
        'wrong type',
      ].sort(),
    )
    for (const sample of mutated) {
      if (
        ['missing required field', 'not an object'].includes(sample.mutation) ||
        (sample.mutation === 'unknown field' && sample.at.split('.').length === 1)
      )
        expect(validate(sample.value), `${sample.mutation} at ${sample.at}: ${JSON.stringify(sample.value)}`).toBe(
          false,
        )
    }
  })

  it('reaches the ends of a pattern: a month of year 0000 and of year 9999, still matching', () => {
    const month = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }
    const values = fc.sample(schemaArbitrary(month), { seed: 7, numRuns: 400 }) as string[]
    expect(values.every((value) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value))).toBe(true)
    expect(values.some((value) => value.startsWith('0000-'))).toBe(true)
    expect(values.some((value) => value.startsWith('9999-'))).toBe(true)
  })

  it('sends uploads as forms: valid ones with their required file, and empty, one-column and binary files', () => {
    const form = {
      schema: {
        type: 'object',
        properties: {
          file: { type: 'string', contentMediaType: 'application/octet-stream' },
          mapping: {
            type: 'object',
            properties: { dateColumn: { type: 'integer', minimum: 0 } },
            required: ['dateColumn'],
          },
        },
        required: ['file'],
      },
      encoding: {
        file: { contentType: 'text/csv, application/octet-stream' },
        mapping: { contentType: 'application/json' },
      },
    }
    const { valid, any } = formArbitraries(form, { root: {}, ids: [7] })
    const fileOf = (parts: FormPart[]) => parts.find((part) => part.name === 'file')
    for (const parts of fc.sample(valid, { seed: 3, numRuns: 50 })) {
      const file = fileOf(parts)
      expect(file && 'bytes' in file && file.bytes.length > 0).toBe(true)
      const mapping = parts.find((part) => part.name === 'mapping')
      if (mapping && 'value' in mapping) expect(JSON.parse(mapping.value).dateColumn).toBeGreaterThanOrEqual(0)
    }
    const notes = new Set(fc.sample(any, { seed: 5, numRuns: 600 }).map((form) => form.note))
    for (const note of [
      'an empty file',
      'a one-column text file',
      'random binary bytes',
      'required part file left out',
    ])
      expect(
        [...notes].some((seen) => seen.includes(note)),
        note,
      ).toBe(true)
  })

  it('follows a redirect on the same server as the client did, with its credentials, and no other', async () => {
    const request = {
      method: 'GET',
      url: 'http://127.0.0.1:4000/api/v1/bank-connections/callback?x=1',
      headers: { authorization: 'Bearer abc', 'x-requested-with': 'fetch' },
    }
    const redirect = (location: string) => ({ status: 302, contentType: '', text: '', location })
    expect(await followRedirect(request, redirect('/app/setting/financial?bankConnection=failed'))).toEqual({
      method: 'GET',
      url: 'http://127.0.0.1:4000/app/setting/financial?bankConnection=failed',
      headers: { authorization: 'Bearer abc' },
    })
    expect(await followRedirect(request, redirect('https://bridgeapi.io/connect'))).toBeUndefined()
    expect(await followRedirect(request, { status: 200, contentType: 'text/html', text: '' })).toBeUndefined()
  })

  it('resolves JSON pointers with escaped characters, and keeps its hostile ids hostile', () => {
    expect(resolvePointer({ paths: { '/a/{id}': { get: 1 } } }, '#/paths/~1a~1%7Bid%7D/get')).toBe(1)
    expect(HOSTILE_IDS).toEqual(expect.arrayContaining([0, -1, 2 ** 31, 2 ** 53, 'abc', '1e3']))
  })
})
