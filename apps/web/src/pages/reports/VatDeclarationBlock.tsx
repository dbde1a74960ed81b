import { monthNameFr } from '@app/domain'
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState } from 'react'
import { downloadPdf } from '../../components/pdf/download'
import { toastError } from '../../lib/toast'
import { vatDeclarationUrl } from './reportQueries'
import { reportTexts } from './reportTexts'

const t = reportTexts.declaration

/** 0 is "—": nothing chosen yet. */
const NONE = { value: '0', label: t.none }
const MONTHS = [
  NONE,
  ...Array.from({ length: 12 }, (_, index) => {
    const name = monthNameFr(index + 1)
    return { value: String(index + 1), label: name.charAt(0).toUpperCase() + name.slice(1) }
  }),
]

/**
 * The monthly VAT declaration (spec/account.md §2, tax regime MONTH only): a year and a month, then the 3310-CA3-SD
 * as a PDF under the server's file name (it names the year and the month). The button waits for both.
 */
export function VatDeclarationBlock({ years }: { years: readonly number[] }) {
  const [year, setYear] = useState(0)
  const [month, setMonth] = useState(0)
  const [downloading, setDownloading] = useState(false)
  const ready = year !== 0 && month !== 0

  async function download() {
    setDownloading(true)
    try {
      await downloadPdf(vatDeclarationUrl(year, month), `declaration-tva-${year}-${String(month).padStart(2, '0')}.pdf`)
    } catch {
      toastError(undefined, t.failed)
    } finally {
      setDownloading(false)
    }
  }

  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-label={t.title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.hint}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t.year}
            w={130}
            allowDeselect={false}
            value={String(year)}
            onChange={(value) => setYear(Number(value ?? 0))}
            data={[NONE, ...years.map((option) => ({ value: String(option), label: String(option) }))]}
          />
          <Select
            label={t.month}
            w={170}
            allowDeselect={false}
            value={String(month)}
            onChange={(value) => setMonth(Number(value ?? 0))}
            data={MONTHS}
          />
          <Button leftSection={<IconDownload size={16} />} disabled={!ready} loading={downloading} onClick={download}>
            {t.download}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
