import { monthNameFr } from '@app/domain'
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core'
import { IconDownload, IconEye } from '@tabler/icons-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { downloadPdf } from '../../components/pdf/download'
import { toastError } from '../../lib/toast'
import { vatDeclarationPath, vatDeclarationUrl } from './reportQueries'
import { reportTexts } from './reportTexts'

const t = reportTexts.declaration

/** The tax regimes that file a CA3: each month, or each quarter. */
export type DeclarationRegime = 'MONTH' | 'QUARTER'

/** 0 is "—": nothing chosen yet. */
const NONE = { value: '0', label: t.none }
const MONTHS = [
  NONE,
  ...Array.from({ length: 12 }, (_, index) => {
    const name = monthNameFr(index + 1)
    return { value: String(index + 1), label: name.charAt(0).toUpperCase() + name.slice(1) }
  }),
]
/** A quarter is sent as its last month, as the server names it. */
const QUARTERS = [NONE, ...[1, 2, 3, 4].map((quarter) => ({ value: String(quarter * 3), label: `T${quarter}` }))]

/** The declaration's file name, as the server gives it (it names the year and the month). */
export const declarationFileName = (year: number, month: number) =>
  `declaration-tva-${year}-${String(month).padStart(2, '0')}.pdf`

/** Saves the CA3 as a PDF; a failure says so in a toast. */
export function useDeclarationDownload() {
  const [downloading, setDownloading] = useState(false)
  async function download(year: number, month: number) {
    setDownloading(true)
    try {
      await downloadPdf(vatDeclarationUrl(year, month), declarationFileName(year, month))
    } catch {
      toastError(undefined, t.failed)
    } finally {
      setDownloading(false)
    }
  }
  return { downloading, download }
}

/** The PDF's button: it waits for a year and a month (or quarter). */
export function DeclarationDownloadButton({ year, month }: { year: number; month: number }) {
  const { downloading, download } = useDeclarationDownload()
  return (
    <Button
      leftSection={<IconDownload size={16} />}
      disabled={year === 0 || month === 0}
      loading={downloading}
      onClick={() => download(year, month)}
    >
      {t.download}
    </Button>
  )
}

/**
 * The VAT declaration (spec/account.md §2, tax regimes MONTH and QUARTER): a year and a month (or a quarter, sent as
 * its last month), then the 3310-CA3-SD on screen or as a PDF. Both buttons wait for both choices.
 */
export function VatDeclarationBlock({ years, regime }: { years: readonly number[]; regime: DeclarationRegime }) {
  const navigate = useNavigate()
  const [year, setYear] = useState(0)
  const [month, setMonth] = useState(0)
  const quarterly = regime === 'QUARTER'
  const ready = year !== 0 && month !== 0
  const title = quarterly ? t.quarterlyTitle : t.title

  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {quarterly ? t.quarterlyHint : t.hint}
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
            label={quarterly ? t.quarter : t.month}
            w={170}
            allowDeselect={false}
            value={String(month)}
            onChange={(value) => setMonth(Number(value ?? 0))}
            data={quarterly ? QUARTERS : MONTHS}
          />
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            disabled={!ready}
            onClick={() => navigate(vatDeclarationPath(year, month))}
          >
            {t.view}
          </Button>
          <DeclarationDownloadButton year={year} month={month} />
        </Group>
      </Stack>
    </Paper>
  )
}
