import { messages, type ReceiptDto } from '@app/domain'
import { Box, Image, Stack, Text } from '@mantine/core'
import { IconFileOff } from '@tabler/icons-react'
import { useState } from 'react'
import { PdfPreview } from '../../../components/pdf/PdfPreview'
import { receiptFileUrl } from './receiptQueries'

function Unavailable() {
  return (
    <Stack
      align="center"
      justify="center"
      gap={6}
      p="xl"
      ta="center"
      style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <IconFileOff size={24} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text size="sm" c="dimmed">
        {messages.documents.noPreview}
      </Text>
    </Stack>
  )
}

/**
 * The receipt's file as it was sent: an image as itself, a PDF drawn page by page by the sales side's PDF preview;
 * 'Prévisualisation indisponible' when the file cannot be shown.
 */
export function ReceiptPreview({ receipt }: { receipt: Pick<ReceiptDto, 'id' | 'name' | 'mimeType'> }) {
  const [failed, setFailed] = useState(false)
  const url = receiptFileUrl(receipt)
  if (receipt.mimeType === 'application/pdf')
    return <PdfPreview key={receipt.id} url={url} label={receipt.name} urgent withPages />
  if (!receipt.mimeType.startsWith('image/') || failed) return <Unavailable />
  return (
    <Box
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        boxShadow: '0 0 0 1px var(--mantine-color-default-border)',
        overflow: 'hidden',
      }}
    >
      <Image
        key={receipt.id}
        src={url}
        alt={`Aperçu de ${receipt.name}`}
        fit="contain"
        onError={() => setFailed(true)}
      />
    </Box>
  )
}
