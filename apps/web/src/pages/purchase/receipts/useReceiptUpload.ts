import {
  messages,
  RECEIPT_FORMATS,
  RECEIPT_MAX_BYTES_LABEL,
  RECEIPT_MAX_FILES,
  type ReceiptDto,
  receiptFileError,
} from '@app/domain'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { receiptsKey } from '../../../components/receipts/receiptsKey'
import { ApiError } from '../../../lib/api'
import { toastError, toastSuccess } from '../../../lib/toast'
import { uploadWithProgress } from '../../../lib/uploadWithProgress'

/** A refusal for one file: 'Erreur sur le fichier : {name}' over the reason (spec/money.md §8). */
function toastFileRefused(fileName: string, reason: string) {
  notifications.show({
    title: messages.receipts.uploadFailed(fileName),
    message: reason,
    color: 'red',
    withCloseButton: false,
    autoClose: 5000,
  })
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

/** The reason of a refusal of the whole request: the field error on the documents, else the server's message. */
const reasonOf = (error: ApiError) => error.fieldErrors.document ?? error.message

/**
 * Receipt uploads from the list's drop zone (spec/money.md §5 "Files"): more than 5 files at once are refused whole;
 * each file is checked in the browser first (format by its type or name, size), a refused one is named in its own
 * toast and the others go up together in one multipart request (parts `document`), with its progress. The server
 * checks the bytes again: its refusal names the file it is about. Success: 'N justificatifs ajoutés.' and the lists
 * are read again.
 */
export function useReceiptUpload() {
  const client = useQueryClient()
  const [progress, setProgress] = useState<number | null>(null)
  const transfer = useRef<AbortController | null>(null)

  useEffect(() => () => transfer.current?.abort(), [])

  async function add(files: readonly File[]): Promise<ReceiptDto[]> {
    if (files.length === 0) return []
    if (files.length > RECEIPT_MAX_FILES) {
      toastError(undefined, messages.files.tooMany(RECEIPT_MAX_FILES))
      return []
    }
    const accepted: File[] = []
    files.forEach((file, index) => {
      const refusal = receiptFileError(file, index + 1)
      if (refusal) toastFileRefused(file.name, refusal)
      else accepted.push(file)
    })
    if (accepted.length === 0) return []

    const form = new FormData()
    for (const file of accepted) form.append('document', file, file.name)
    transfer.current = new AbortController()
    setProgress(0)
    try {
      const { data } = await uploadWithProgress<{ data: ReceiptDto[] }>('/receipts', form, {
        onProgress: setProgress,
        signal: transfer.current.signal,
      })
      toastSuccess(messages.receipts.uploaded(data.length))
      await client.invalidateQueries({ queryKey: receiptsKey })
      return data
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return []
      if (error instanceof ApiError && error.status > 0) {
        const file = refusedFile(error, accepted)
        const names = file ? file.name : accepted.map((entry) => entry.name).join(', ')
        toastFileRefused(names, reasonOf(error))
      } else toastError(error)
      return []
    } finally {
      transfer.current = null
      setProgress(null)
    }
  }

  return { add, uploading: progress !== null, progress }
}
