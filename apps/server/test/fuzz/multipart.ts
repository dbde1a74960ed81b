import fc from 'fast-check'
import { type ArbitraryOptions, asObject, isObject, type Schema, schemaArbitrary } from './arbitraries'
import { hostileString, mutatedArbitrary } from './mutations'

/**
 * The uploads of the document (`multipart/form-data` request bodies): valid forms, with a file of a kind each part
 * accepts and text parts from their schemas (a JSON part from its shape), and odd ones: empty, one-column, binary,
 * mislabelled and oddly named files, a required part left out or sent twice, a JSON part that is not JSON or not of its
 * shape, an unknown part. Each must be answered as the document says, like any other request.
 */

/** One part of a form: a text field, or a file with its name and content type. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; bytes: Uint8Array }

export type MultipartForm = {
  schema: Schema
  /** The encoding object of the document: each part's content types, `application/json` for a JSON part. */
  encoding: Record<string, { contentType?: string }>
}

const text = (value: string) => new TextEncoder().encode(value)

/** The smallest files of each kind the uploads take: statements, images, PDFs. */
const STATEMENT_CSV = text(
  'Date;Libellé;Montant\n02/11/2026;CB BOULANGERIE;-12,50\n03/11/2026;VIR CLIENT DUPONT;1500,00\n',
)
const STATEMENT_QIF = text('!Type:Bank\nD02/11/2026\nT-12.50\nPCB BOULANGERIE\n^\n')
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])
const PDF = text('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

type File = { filename: string; contentType: string; bytes: Uint8Array }

/** A plausible file for a part, by the content types the document gives it. */
function goodFiles(contentTypes: string): File[] {
  const files: File[] = []
  if (/csv|text\/plain|xml|octet-stream/.test(contentTypes) && !/image|pdf/.test(contentTypes))
    files.push(
      { filename: 'releve.csv', contentType: 'text/csv', bytes: STATEMENT_CSV },
      { filename: 'releve.qif', contentType: 'application/octet-stream', bytes: STATEMENT_QIF },
    )
  if (contentTypes.includes('image/png')) files.push({ filename: 'logo.png', contentType: 'image/png', bytes: PNG })
  if (contentTypes.includes('image/jpeg')) files.push({ filename: 'photo.jpg', contentType: 'image/jpeg', bytes: JPEG })
  if (contentTypes.includes('application/pdf'))
    files.push({ filename: 'document.pdf', contentType: 'application/pdf', bytes: PDF })
  if (files.length === 0) files.push({ filename: 'fichier.bin', contentType: 'application/octet-stream', bytes: PDF })
  return files
}

/** Files that have broken upload handlers somewhere: what each upload must refuse or read, never crash on. */
const ODD_FILES: [string, fc.Arbitrary<File>][] = [
  ['an empty file', fc.constant({ filename: 'vide.csv', contentType: 'text/csv', bytes: new Uint8Array() })],
  [
    'a one-column text file',
    fc.constant({ filename: 'notes.txt', contentType: 'text/plain', bytes: text('bonjour\nau revoir\nencore\n') }),
  ],
  [
    'a header without rows',
    fc.constant({ filename: 'entete.csv', contentType: 'text/csv', bytes: text('Date;Libellé;Montant\n') }),
  ],
  [
    'a file of 300 columns',
    fc.constant({
      filename: 'large.csv',
      contentType: 'text/csv',
      bytes: text(`${Array.from({ length: 300 }, (_, i) => `c${i}`).join(';')}\n${'1;'.repeat(299)}1\n`),
    }),
  ],
  [
    'random binary bytes',
    fc
      .uint8Array({ minLength: 1, maxLength: 3000 })
      .map((bytes) => ({ filename: 'donnees.bin', contentType: 'application/octet-stream', bytes })),
  ],
  [
    'an executable named as an image',
    fc.constant({
      filename: 'photo.png',
      contentType: 'image/png',
      bytes: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]),
    }),
  ],
  [
    'text with NUL characters and a UTF-16 mark',
    fc.constant({
      filename: 'nul.csv',
      contentType: 'text/csv',
      bytes: new Uint8Array([0xff, 0xfe, 0x44, 0, 0x3b, 0, 0, 0, 0x0a, 0]),
    }),
  ],
  [
    'a hostile file name',
    fc
      .constantFrom('../../etc/passwd', '', '\u0000.csv', `${'é'.repeat(300)}.csv`, 'a\r\nb.csv', '😀.png')
      .map((filename) => ({ filename, contentType: 'text/csv', bytes: STATEMENT_CSV })),
  ],
]

const contentTypesOf = (form: MultipartForm, name: string) => form.encoding[name]?.contentType ?? ''
const isJsonPart = (form: MultipartForm, name: string) => contentTypesOf(form, name).includes('application/json')
const isFilePart = (schema: Schema) => isObject(schema) && typeof schema.contentMediaType === 'string'

/**
 * The forms for one upload, each with a note for the report: about half valid by the document, half odd in one way.
 * `ids` are real ids of the run (for text parts naming one, such as `transactionId`).
 */
export function formArbitraries(
  form: MultipartForm,
  options: ArbitraryOptions & { ids: number[] },
): { valid: fc.Arbitrary<FormPart[]>; any: fc.Arbitrary<{ parts: FormPart[]; note: string }> } {
  const schema = asObject(form.schema, options.root)
  const properties = Object.entries(isObject(schema.properties) ? schema.properties : {}) as [string, Schema][]
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
  // A form of one part among several (`maxProperties: 1`: the appearance files) sends one of them.
  const onlyOne = schema.maxProperties === 1
  const files = properties.filter(([, property]) => isFilePart(property))
  const texts = properties.filter(([, property]) => !isFilePart(property))

  const goodFile = (name: string) =>
    fc.constantFrom(...goodFiles(contentTypesOf(form, name))).map((file): FormPart => ({ name, ...file }))
  const goodText = (name: string, property: Schema): fc.Arbitrary<FormPart> => {
    if (isJsonPart(form, name))
      return schemaArbitrary(property, { ...options, key: name }).map((value) => ({
        name,
        value: JSON.stringify(value),
      }))
    if (/Id$/.test(name) && options.ids.length > 0)
      return fc.constantFrom(...options.ids).map((id) => ({ name, value: String(id) }))
    return schemaArbitrary(property, { ...options, key: name }).map((value) => ({ name, value: String(value) }))
  }
  /** Every required part, and each optional one half of the time. */
  const validParts: fc.Arbitrary<FormPart[]> = onlyOne
    ? fc.constantFrom(...files.map(([name]) => name)).chain((name) => goodFile(name).map((part) => [part]))
    : fc
        .tuple(
          ...files.map(([name]) =>
            required.has(name) ? goodFile(name) : fc.option(goodFile(name), { nil: undefined }),
          ),
          ...texts.map(([name, property]) =>
            required.has(name) ? goodText(name, property) : fc.option(goodText(name, property), { nil: undefined }),
          ),
        )
        .map((parts) => parts.filter((part): part is FormPart => part !== undefined))

  const firstFile = files[0]?.[0]
  const variants: { weight: number; arbitrary: fc.Arbitrary<{ parts: FormPart[]; note: string }> }[] = [
    { weight: 8, arbitrary: validParts.map((parts) => ({ parts, note: 'valid by the document (multipart)' })) },
  ]
  if (firstFile)
    for (const [note, file] of ODD_FILES)
      variants.push({
        weight: 1,
        arbitrary: fc.tuple(validParts, file).map(([parts, odd]) => ({
          parts: [...parts.filter((part) => part.name !== firstFile), { name: firstFile, ...odd }],
          note: `multipart: ${note} as ${firstFile}`,
        })),
      })
  if (required.size > 0)
    variants.push({
      weight: 1,
      arbitrary: fc.tuple(validParts, fc.constantFrom(...required)).map(([parts, left]) => ({
        parts: parts.filter((part) => part.name !== left),
        note: `multipart: required part ${left} left out`,
      })),
    })
  if (firstFile)
    variants.push(
      {
        weight: 1,
        arbitrary: validParts.map((parts) => ({
          parts: [...parts, ...parts.filter((part) => part.name === firstFile)],
          note: `multipart: ${firstFile} sent twice`,
        })),
      },
      {
        weight: 1,
        arbitrary: validParts.map((parts) => ({
          parts: [...parts.filter((part) => part.name !== firstFile), { name: firstFile, value: 'pas un fichier' }],
          note: `multipart: ${firstFile} sent as a text field`,
        })),
      },
    )
  for (const [name, property] of texts) {
    const broken: fc.Arbitrary<string> = isJsonPart(form, name)
      ? fc.oneof(
          fc.constantFrom('{', '[1,', 'null', '"texte"', '{"__proto__":{"isAdmin":true}}', '[]'),
          mutatedArbitrary(property, options).map((mutated) => JSON.stringify(mutated.value) ?? 'null'),
          hostileString,
        )
      : hostileString
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(validParts, broken).map(([parts, value]) => ({
        parts: [...parts.filter((part) => part.name !== name), { name, value }],
        note: `multipart: hostile ${name} part`,
      })),
    })
  }
  variants.push({
    weight: 1,
    arbitrary: fc.tuple(validParts, hostileString).map(([parts, value]) => ({
      parts: [...parts, { name: 'inconnu', value }],
      note: 'multipart: unknown part',
    })),
  })
  return { valid: validParts, any: fc.oneof(...variants) }
}
