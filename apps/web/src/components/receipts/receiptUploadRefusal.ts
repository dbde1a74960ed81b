import { messages, RECEIPT_FORMATS, RECEIPT_MAX_BYTES_LABEL } from '@app/domain'
import { ApiError } from '../../lib/api'
import { toastError, toastWithTitle } from '../../lib/toast'

/** A refusal for one file: 'Erreur sur le fichier : {name}' over the reason (spec/money.md §8). */
export function toastFileRefused(fileName: string, reason: string) {
  toastWithTitle({ title: messages.receipts.uploadFailed(fileName), message: reason, color: 'red' })
}

/**
 * The file a server refusal is about: its message names the n-th file sent (the formats or the size), which
 * `messages.files` writes; the only file when one was sent; null otherwise.
 */
export function refusedFile(error: ApiError, sent: readonly File[]): File | null {
  const index = sent.findIndex(
    (_, position) =>
      error.message === messages.files.invalidFormat(position + 1, RECEIPT_FORMATS) ||
      error.message === messages.files.tooLarge(position + 1, RECEIPT_MAX_BYTES_LABEL),
  )
  return sent[index] ?? (sent.length === 1 ? (sent[0] ?? null) : null)
}

/**
 * A failed upload of `sent` (the receipts page's and a transaction's drop zones): the server's refusal is toasted
 * over the file it names, or over all of them when it names none, with the field error on the documents, else its
 * message; no answer at all (offline) gets the generic error.
 */
export function toastUploadFailed(error: unknown, sent: readonly File[]) {
  if (error instanceof ApiError && error.status > 0) {
    const file = refusedFile(error, sent)
    const names = file ? file.name : sent.map((entry) => entry.name).join(', ')
    toastFileRefused(names, error.fieldErrors.document ?? error.message)
  } else toastError(error)
}
