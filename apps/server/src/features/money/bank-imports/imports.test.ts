import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type Client, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

const SAMPLES = new URL('../../../../../../test-kits/bank-samples/', import.meta.url)
const sample = (path: string) => readFileSync(new URL(path, SAMPLES))

/** POST a statement as a browser's FormData sends it, with an optional `mapping` JSON part. */
async function upload(client: Client, url: string, bytes: Buffer, fileName: string, mapping?: unknown) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), fileName)
  if (mapping !== undefined) form.append('mapping', JSON.stringify(mapping))
  const encoded = new Response(form)
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    remoteAddress: client.ip,
    headers: {
      ...(client.cookie ? { cookie: client.cookie } : {}),
      'x-requested-with': 'fetch',
      'content-type': encoded.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  })
}

async function bankAccount(client: Client) {
  return json(await client.post('/journals', { name: 'Compte pro', journalTypeId: 1 })).data.id as number
}

const importFile = async (client: Client, journalId: number, path: string, mapping?: unknown) => {
  const response = await upload(
    client,
    `/journals/${journalId}/imports`,
    sample(path),
    path.split('/').pop() as string,
    mapping,
  )
  return response
}

describe('statement import', () => {
  it('imports an OFX statement once: the same file again adds nothing; raw labels kept, names cleaned', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const journalId = await bankAccount(client)
    const first = await importFile(client, journalId, 'ofx/ofxstatement-french__BPACA_OP_20220828.ofx')
    expect(first.statusCode, first.body).toBe(200)
    expect(json(first).data).toEqual({ format: 'ofx', total: 69, imported: 69, duplicates: 0, categorized: 0 })
    const again = json(await importFile(client, journalId, 'ofx/ofxstatement-french__BPACA_OP_20220828.ofx')).data
    expect(again).toMatchObject({ imported: 0, duplicates: 69 })
    const list = json(await client.get(`/transactions?filter[journalId]=${journalId}&pageSize=100`))
    expect(list.meta.total).toBe(69)
    for (const transaction of list.data as { name: string; rawName: string; origin: string }[]) {
      expect(transaction.origin).toBe('import')
      expect(transaction.rawName.length).toBeGreaterThan(0)
      expect(transaction.name.length).toBeGreaterThan(0)
    }
    const balance = json(await client.get(`/journals/${journalId}`)).data
    expect(balance.transactionsCount).toBe(69)
  })

  it('recognises the same movements in an overlapping file of another layout (CFONB with and without line breaks)', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const journalId = await bankAccount(client)
    const first = json(await importFile(client, journalId, 'cfonb120/l10n-france__cfonb_classic.cfo')).data
    expect(first).toMatchObject({ format: 'cfonb120', total: 13, imported: 13 })
    const same = json(await importFile(client, journalId, 'cfonb120/l10n-france__cfonb_no_carriage_return.cfo')).data
    expect(same).toMatchObject({ total: 13, imported: 0, duplicates: 13 })
  })

  it('refuses a bad file with a French message naming the fault, and imports nothing of it', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const journalId = await bankAccount(client)
    const response = await importFile(client, journalId, 'camt/bankstatementparser__camt053_garbled_amount.xml')
    expect(response.statusCode).toBe(422)
    const body = json(response)
    expect(body.code).toBe('STATEMENT_INVALID')
    expect(body.errors.file[0]).toMatch(/12\.\.34/)
    const broken = await upload(client, `/journals/${journalId}/imports`, Buffer.from('\u0000\u0001garbage'), 'x.bin')
    expect(broken.statusCode).toBe(422)
    expect(json(await client.get('/transactions')).meta.total).toBe(0)
  })

  it('refuses a CFONB file with a corrupt opening or closing record whole, in French naming the line', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const journalId = await bankAccount(client)
    const path = 'cfonb120/l10n-france__cfonb_classic.cfo'
    // Two days of the same account: the first file is in, the second is the one that arrives damaged.
    expect(json(await importFile(client, journalId, path)).data).toMatchObject({ imported: 13 })
    const text = sample(path).toString('latin1')
    const nextDay = text.replaceAll('130124', '140124').replace('120124', '130124')
    const corrupt: Record<string, [content: string, message: string]> = {
      // The file: letters in the opening date, whose movements were imported all the same.
      'date.cfo': [
        nextDay.replace('130124', 'CART12'),
        "Ligne 1 : la date du solde d'ouverture «\u00a0CART12\u00a0» n'est pas au format JJMMAA.",
      ],
      // A closing balance that is not the opening one plus the movements: a record lost or changed on the way.
      'balance.cfo': [
        nextDay.replace('0000010315857I', '0000010315867I'),
        "Ligne 77 : le solde de clôture (1\u202f031\u202f586,79\u00a0€) ne correspond pas au solde d'ouverture plus les mouvements (1\u202f031\u202f585,79\u00a0€).",
      ],
    }
    for (const [name, [content, message]] of Object.entries(corrupt)) {
      const response = await upload(client, `/journals/${journalId}/imports`, Buffer.from(content, 'latin1'), name)
      expect(response.statusCode, response.body).toBe(422)
      const body = json(response)
      expect(body.code).toBe('STATEMENT_INVALID')
      expect(body.message).toBe(message)
      expect(body.errors).toEqual({ file: [message] })
    }
    // Nothing of either file is in: not one of its movements, though each of them is well formed.
    expect(json(await client.get(`/journals/${journalId}`)).data.transactionsCount).toBe(13)
    expect(json(await importFile(client, journalId, path)).data).toMatchObject({ imported: 0, duplicates: 13 })
    const good = await upload(client, `/journals/${journalId}/imports`, Buffer.from(nextDay, 'latin1'), 'ok.cfo')
    expect(json(good).data).toMatchObject({ format: 'cfonb120', imported: 13 })
  })

  it('reads a French CSV with the mapping of the preview step, remembers it, and refuses an impossible mapping', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const journalId = await bankAccount(client)
    const path = 'csv/bankstatementparser__csv_french_headers.csv'
    const preview = await upload(client, `/journals/${journalId}/imports/preview`, sample(path), 'releve.csv')
    expect(preview.statusCode, preview.body).toBe(200)
    const { mapping, lines } = json(preview).data
    expect(mapping).toMatchObject({ delimiter: ';', decimalSeparator: ',' })
    expect(lines).toHaveLength(3)
    const imported = json(await importFile(client, journalId, path, mapping)).data
    expect(imported).toMatchObject({ format: 'csv', imported: 3 })
    // The next import of this account's CSV needs no mapping: the one used is remembered.
    expect(json(await importFile(client, journalId, path)).data).toMatchObject({ imported: 0, duplicates: 3 })
    // The remembered mapping is for the account's CSV files: another format keeps its own parser.
    const ofx = json(await importFile(client, journalId, 'ofx/ofxparser__ofxdata-bpbfc.ofx')).data
    expect(ofx).toMatchObject({ format: 'ofx', imported: 6 })
    const wrong = await importFile(client, journalId, path, { ...mapping, dateColumn: -1, delimiter: 'x' })
    expect(wrong.statusCode).toBe(422)
    expect(Object.keys(json(wrong).errors).sort()).toEqual(['mapping.dateColumn', 'mapping.delimiter'])
  })

  it('previews a one-column text file with no label column proposed, and a binary file, as documented', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const journalId = await bankAccount(client)
    const oneColumn = Buffer.from('bonjour\nau revoir\nencore une ligne\n')
    const preview = await upload(client, `/journals/${journalId}/imports/preview`, oneColumn, 'notes.txt')
    expect(preview.statusCode, preview.body).toBe(200)
    const { mapping, rows } = json(preview).data
    // Nothing to read a label from: the person picks the columns; the import's schema refuses the proposal as it is.
    expect(mapping.labelColumns).toEqual([])
    expect(rows.length).toBeGreaterThan(0)
    const refused = await upload(client, `/journals/${journalId}/imports`, oneColumn, 'notes.csv', mapping)
    expect(refused.statusCode).toBe(422)
    expect(Object.keys(json(refused).errors)).toEqual(['mapping.labelColumns'])
    const binary = Buffer.from(Array.from({ length: 600 }, (_, index) => (index * 37) % 256))
    const odd = await upload(client, `/journals/${journalId}/imports/preview`, binary, 'image.bin')
    expect([200, 422]).toContain(odd.statusCode)
    const empty = await upload(client, `/journals/${journalId}/imports/preview`, Buffer.alloc(0), 'vide.csv')
    expect(empty.statusCode).toBe(422)
    expect(json(empty).errors).toEqual({ file: ['Ce champ est obligatoire'] })
  })

  it('describes the mapping part with its shape in the OpenAPI document, as a JSON part', async () => {
    const document = json(await ctx.app.inject({ url: '/api/v1/openapi.json' }))
    for (const path of ['/api/v1/journals/{id}/imports', '/api/v1/journals/{id}/imports/preview']) {
      const form = document.paths[path].post.requestBody.content['multipart/form-data']
      expect(form.encoding.mapping).toEqual({ contentType: 'application/json' })
      const mapping = form.schema.properties.mapping
      expect(mapping.type).toBe('object')
      expect(Object.keys(mapping.properties)).toEqual(
        expect.arrayContaining(['encoding', 'delimiter', 'dateColumn', 'labelColumns', 'amount', 'decimalSeparator']),
      )
      expect(mapping.properties.delimiter.enum).toEqual([';', ',', '\t', '|'])
    }
    const whole = document.paths['/api/v1/journals/{id}/imports'].post.requestBody.content['multipart/form-data']
    expect(whole.schema.properties.mapping.required).toContain('labelColumns')
    expect(whole.schema.required).toEqual(['file'])
  })

  it('answers 413 past the size limit, 415 without a multipart body, 404 for another organisation', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const journalId = await bankAccount(client)
    const huge = await upload(client, `/journals/${journalId}/imports`, Buffer.alloc(21_000_000, 'a'), 'gros.csv')
    expect(huge.statusCode).toBe(413)
    expect(json(huge).message).toBe('Ton fichier n°1 est trop volumineux ! (Taille max: 20 Mo)')
    expect((await client.post(`/journals/${journalId}/imports`, {})).statusCode).toBe(415)
    const stranger = await signUpWithOrganization(ctx.app)
    const other = await importFile(stranger.client, journalId, 'ofx/ofxparser__ofxdata-bpbfc.ofx')
    expect(other.statusCode).toBe(404)
  })
})
