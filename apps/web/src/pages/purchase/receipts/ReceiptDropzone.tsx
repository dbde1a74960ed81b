import '@mantine/dropzone/styles.css'
import { messages, RECEIPT_FORMATS, RECEIPT_MAX_BYTES_LABEL, RECEIPT_MAX_FILES } from '@app/domain'
import { Progress, Stack, Text } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import { IconReceipt } from '@tabler/icons-react'
import type { Ref } from 'react'
import { DropzoneContent } from '../../../components/DropzoneContent'

/**
 * The receipts' drop zone: files dropped on it, or chosen by a click (or by "Nouveau justificatif", through
 * `openRef`), go to `onDrop` unfiltered: the page checks them with the spec's messages. A progress bar while they go up.
 */
export function ReceiptDropzone({
  onDrop,
  openRef,
  rootRef,
  progress,
}: {
  onDrop: (files: File[]) => void
  openRef: Ref<() => void>
  rootRef?: Ref<HTMLDivElement>
  /** 0 to 1 while files are being sent; null otherwise. */
  progress: number | null
}) {
  const sending = progress !== null
  const percent = Math.round((progress ?? 0) * 100)
  return (
    <Stack gap="xs">
      <Dropzone
        ref={rootRef}
        openRef={openRef}
        onDrop={onDrop}
        multiple
        loading={sending}
        inputProps={{ 'aria-label': 'Choisir des justificatifs' }}
        name="document"
        radius="md"
        p="sm"
      >
        <DropzoneContent idleIcon={IconReceipt} iconSize={30} minHeight={64}>
          <Stack gap={0}>
            <Text fw={500}>Glisse tes justificatifs ici ou clique pour les choisir</Text>
            <Text size="sm" c="dimmed">
              {RECEIPT_FORMATS} · {RECEIPT_MAX_BYTES_LABEL} max par fichier · {RECEIPT_MAX_FILES} fichiers à la fois
            </Text>
            <Text size="xs" c="dimmed">
              {messages.receipts.minImageHint}
            </Text>
          </Stack>
        </DropzoneContent>
      </Dropzone>
      {sending ? (
        <Progress value={percent} animated={percent >= 100} aria-label="Envoi des justificatifs" size="sm" />
      ) : null}
    </Stack>
  )
}
