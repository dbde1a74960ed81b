import { CONDITION_FUNCTION_IDS as F, CONDITION_TARGET_IDS as T } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { type Client, json } from './helpers'

// Money-side fixtures shared by the server tests: bank accounts, transactions, statements, rule conditions.

/** General categories by PCG account, as seeded. */
export const PHONE = 191 // 626 Frais postaux et de télécommunications, 20 %
export const TRAVEL = 187 // 6251 Voyages et déplacements, 10 %
export const BANK_FEES = 192 // 627 Services bancaires (non soumis)
export const HOLDING = 5 // 471000 Compte d'attente

export async function bankAccount(client: Client) {
  return json(await client.post('/journals', { name: 'Compte pro', journalTypeId: 1 })).data.id as number
}

export async function transaction(
  client: Client,
  journalId: number,
  name: string,
  amount: string,
  datedAt = '2026-11-20',
) {
  const response = await client.post('/transactions', { journalId, name, datedAt, amount })
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data.id as number
}

export const contains = (value: string, target: number = T.NAME) => ({
  conditionTargetId: target,
  conditionFunctionId: F.LIKE,
  value,
})

/** A statement file sent as the import page sends it (multipart). */
export async function importQif(app: FastifyInstance, client: Client, journalId: number, text: string) {
  const form = new FormData()
  form.append('file', new Blob([text], { type: 'application/octet-stream' }), 'releve.qif')
  const encoded = new Response(form)
  return app.inject({
    method: 'POST',
    url: `/api/v1/journals/${journalId}/imports`,
    remoteAddress: client.ip,
    headers: {
      ...(client.cookie ? { cookie: client.cookie } : {}),
      'x-requested-with': 'fetch',
      'content-type': encoded.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  })
}

/** A multipart request as a browser's FormData sends it: files (name, bytes) under `field`, then text parts. */
export async function sendFiles(
  app: FastifyInstance,
  client: Client,
  url: string,
  files: { name: string; bytes: Uint8Array }[],
  text: Record<string, string> = {},
  field = 'document',
) {
  const form = new FormData()
  for (const file of files) form.append(field, new Blob([file.bytes], { type: 'application/octet-stream' }), file.name)
  for (const [name, value] of Object.entries(text)) form.append(name, value)
  const encoded = new Response(form)
  return app.inject({
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

/** The smallest files of each kind a receipt may be, and one it may not. */
export const SAMPLE_FILES = {
  pdf: new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]),
  /** An ELF executable's first bytes, whatever its name says. */
  executable: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]),
}

/** A PDF with a text layer, as a supplier's invoice printed by any software: one line of text per entry. */
export async function textPdf(lines: string[]): Promise<Uint8Array> {
  const { default: PDFDocument } = await import('pdfkit')
  const document = new PDFDocument({ size: 'A4', margin: 50 })
  const chunks: Buffer[] = []
  document.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve) => document.on('end', () => resolve()))
  for (const line of lines) document.text(line)
  document.end()
  await done
  return new Uint8Array(Buffer.concat(chunks))
}
