import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { z } from 'zod'

/** A file made for an answer: its name as the user will see it, and its bytes. */
export type RenderedFile = { filename: string; body: Buffer }

/** `inline; filename="…"` with an ASCII fallback, and RFC 5987's `filename*` for accents ("Facture acquittée"). */
export function contentDisposition(filename: string, type: 'inline' | 'attachment' = 'inline'): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/** A PDF answer, for `schema.response` (OpenAPI: the content form with the real content type). */
export const pdfResponse = (description = 'Le PDF') => ({
  description,
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
})

/** Answers a rendered PDF; private documents are not kept by shared caches. */
export function sendPdf(reply: FastifyReply, pdf: RenderedFile, options: { download?: boolean } = {}) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(pdf.filename, options.download ? 'attachment' : 'inline'))
    .header('cache-control', 'private, no-cache')
    .send(pdf.body)
}

/** The lines the file will hold, told before them: the page shows how far a long download is. */
export const EXPORT_ROWS_HEADER = 'x-export-rows'

/** A text file written while it is read (the FEC of a busy year runs to hundreds of megabytes). */
export function sendTextFile(
  reply: FastifyReply,
  file: { fileName: string; lines: AsyncIterable<string>; rows?: number },
  type: string,
) {
  if (file.rows !== undefined) reply.header(EXPORT_ROWS_HEADER, String(file.rows))
  return reply
    .header('content-type', `${type}; charset=utf-8`)
    .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
    .header('cache-control', 'private, no-cache')
    .send(Readable.from(file.lines))
}
