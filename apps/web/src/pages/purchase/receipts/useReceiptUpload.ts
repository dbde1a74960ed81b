import { messages, RECEIPT_MAX_FILES, type ReceiptDto, receiptFileError } from '@app/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { receiptsKey } from '../../../components/receipts/receiptsKey'
import { toastFileRefused, toastUploadFailed } from '../../../components/receipts/receiptUploadRefusal'
import { toastError, toastSuccess } from '../../../lib/toast'
import { uploadWithProgress } from '../../../lib/uploadWithProgress'

// Shared with a transaction's drop zone; still exported here because this folder's tests read it from here.
export { refusedFile } from '../../../components/receipts/receiptUploadRefusal'

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
      toastUploadFailed(error, accepted)
      return []
    } finally {
      transfer.current = null
      setProgress(null)
    }
  }

  return { add, uploading: progress !== null, progress }
}
