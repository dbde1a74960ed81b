import { type CsvMappingBody, messages } from '@app/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { journalsKey } from '../../../../components/journals/journalQueries'
import { transactionsKey } from '../../../../components/transactions/transactionQueries'
import { ApiError } from '../../../../lib/api'
import {
  type CsvPreview,
  type ImportCounts,
  importStatement,
  needsMapping,
  previewStatement,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_LABEL,
} from './statementImport'

export type ImportAccount = { id: number; name: string }

/** What became of one file: its counts, or the server's French message naming what is wrong in it. */
export type ImportOutcome = { key: number; fileName: string; account: string } & (
  | { counts: ImportCounts; error?: undefined }
  | { error: string; counts?: undefined }
)

/** The file being handled: read for its CSV mapping, waiting for the mapping, or being sent. */
export type CurrentImport = {
  key: number
  file: File
  account: ImportAccount
  step: 'reading' | 'mapping' | 'sending'
  preview: CsvPreview | null
  /** How much of the file has been sent, 0 to 1; null before the first report. */
  progress: number | null
  /** Why the server refused the last mapping tried, shown on the mapping step. */
  error: string | null
}

function messageOf(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return messages.generic.error
  return error.fieldErrors.file ?? error.message
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError'

/**
 * Statement files imported one after the other, in the order they were dropped, each into the account chosen when it
 * was dropped: a CSV stops at its mapping step until it is confirmed or cancelled, the others go straight in. The
 * outcomes pile up (newest first), so several files can be imported in a row without leaving the page.
 */
export function useStatementImports() {
  const client = useQueryClient()
  const waiting = useRef<{ key: number; file: File; account: ImportAccount }[]>([])
  const busy = useRef(false)
  const nextKey = useRef(1)
  const transfer = useRef<AbortController | null>(null)
  const [queue, setQueue] = useState<string[]>([])
  const [current, setCurrent] = useState<CurrentImport | null>(null)
  const [outcomes, setOutcomes] = useState<ImportOutcome[]>([])

  useEffect(() => () => transfer.current?.abort(), [])

  const record = (outcome: ImportOutcome) => setOutcomes((list) => [outcome, ...list])
  const progressOf = (key: number) => (fraction: number) =>
    setCurrent((job) => (job?.key === key ? { ...job, progress: fraction } : job))
  const startTransfer = () => {
    transfer.current = new AbortController()
    return transfer.current.signal
  }

  function next() {
    const job = waiting.current.shift()
    setQueue(waiting.current.map((entry) => entry.file.name))
    busy.current = job !== undefined
    if (!job) {
      setCurrent(null)
      return
    }
    const { key, file, account } = job
    const fail = (error: string) => record({ key, fileName: file.name, account: account.name, error })
    if (file.size > STATEMENT_MAX_BYTES) {
      fail(messages.files.tooLarge(1, STATEMENT_MAX_LABEL))
      next()
    } else if (needsMapping(file)) {
      setCurrent({ ...job, step: 'reading', preview: null, progress: null, error: null })
      previewStatement(account.id, file, file.name, undefined, { onProgress: progressOf(key), signal: startTransfer() })
        .then((preview) => setCurrent({ ...job, step: 'mapping', preview, progress: null, error: null }))
        .catch((error: unknown) => {
          if (isAbort(error)) return
          fail(messageOf(error))
          next()
        })
    } else send(job, undefined, null)
  }

  function send(
    job: (typeof waiting.current)[number],
    mapping: CsvMappingBody | undefined,
    preview: CsvPreview | null,
  ) {
    const { key, file, account } = job
    setCurrent({ ...job, step: 'sending', preview, progress: null, error: null })
    importStatement(account.id, file, mapping, { onProgress: progressOf(key), signal: startTransfer() })
      .then((counts) => {
        record({ key, fileName: file.name, account: account.name, counts })
        void client.invalidateQueries({ queryKey: journalsKey })
        void client.invalidateQueries({ queryKey: transactionsKey })
        next()
      })
      .catch((error: unknown) => {
        if (isAbort(error)) return
        if (mapping && error instanceof ApiError && error.status === 422 && preview) {
          // A mapping that does not read the file: back to the mapping step, with the server's message.
          setCurrent({ ...job, step: 'mapping', preview, progress: null, error: messageOf(error) })
          return
        }
        record({ key, fileName: file.name, account: account.name, error: messageOf(error) })
        next()
      })
  }

  return {
    current,
    /** The names of the files still waiting their turn. */
    queue,
    outcomes,
    add(files: File[], account: ImportAccount) {
      if (files.length === 0) return
      for (const file of files) waiting.current.push({ key: nextKey.current++, file, account })
      setQueue(waiting.current.map((entry) => entry.file.name))
      if (!busy.current) next()
    },
    confirmMapping(mapping: CsvMappingBody) {
      if (current?.step === 'mapping') send(current, mapping, current.preview)
    },
    cancelMapping() {
      if (current?.step === 'mapping') next()
    },
  }
}
