import {
  messages,
  RECEIPT_FORMATS,
  RECEIPT_MAX_BYTES_LABEL,
  RECEIPT_MAX_FILES_FOR_TRANSACTION,
  RECEIPT_TYPES,
} from '@app/domain'
import { Stack, Text } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import { IconFileUpload } from '@tabler/icons-react'
import { DropzoneContent } from '../../../../components/DropzoneContent'
import { toastFileRefused, toastUploadFailed } from '../../../../components/receipts/receiptUploadRefusal'
import { toastError, toastSuccess } from '../../../../lib/toast'
import { checkReceiptFiles, useUploadReceipts } from './receiptLinkQueries'

/** Files accepted by the file picker: the formats, by type and by extension. */
const ACCEPT = [...RECEIPT_TYPES, 'text/xml', '.png', '.jpg', '.jpeg', '.pdf', '.xml'].join(',')

/**
 * The "Importer" tab's drop zone (spec/money.md §5 "Files"): up to 10 files at once, each checked in the browser (a
 * refused one gets its own toast, the others go), sent in one request attached to the transaction. A server refusal
 * names the file it is about, with the server's reason. `onUploaded` follows a success.
 */
export function ReceiptUploadZone({ transactionId, onUploaded }: { transactionId: number; onUploaded: () => void }) {
  const send = useUploadReceipts(transactionId)

  const add = (files: File[]) => {
    if (files.length === 0) return
    const check = checkReceiptFiles(files)
    if (check.tooMany) {
      toastError(undefined, messages.files.tooMany(RECEIPT_MAX_FILES_FOR_TRANSACTION))
      return
    }
    for (const { file, reason } of check.refused) toastFileRefused(file.name, reason)
    const { accepted } = check
    if (accepted.length === 0) return
    send.mutate(accepted, {
      onSuccess: () => {
        toastSuccess(messages.receipts.attached)
        onUploaded()
      },
      onError: (error) => toastUploadFailed(error, accepted),
    })
  }

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={add}
        multiple
        loading={send.isPending}
        aria-label="Déposer des justificatifs"
        inputProps={{ 'aria-label': 'Choisir des justificatifs', accept: ACCEPT }}
        name="document"
        radius="md"
      >
        <DropzoneContent idleIcon={IconFileUpload} iconSize={36} minHeight={140}>
          <Stack gap={2}>
            <Text fw={500}>Glisse tes justificatifs ici ou clique pour les choisir</Text>
            <Text size="sm" c="dimmed">
              {RECEIPT_FORMATS} · {RECEIPT_MAX_BYTES_LABEL} max par fichier · {RECEIPT_MAX_FILES_FOR_TRANSACTION}{' '}
              fichiers max
            </Text>
          </Stack>
        </DropzoneContent>
      </Dropzone>
      <Text size="xs" c="dimmed">
        {messages.receipts.minImageHint}. Ils sont associés à cette transaction dès leur envoi.
      </Text>
    </Stack>
  )
}
