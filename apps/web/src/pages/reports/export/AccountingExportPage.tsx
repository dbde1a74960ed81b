import { accountingPeriodError, isIsoDate, messages, todayInParis } from '@app/domain'
import { Button, Group, Loader, Progress, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconCalendar, IconDownload } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { DateField as DateInputField } from '../../../components/DateField'
import { FormAlert } from '../../../components/FormAlert'
import { SettingsSection } from '../../../components/SettingsSection'
import { ApiError } from '../../../lib/api'
import { accountingCsvPath, downloadExport, type ExportProgress, fecPath } from '../../../lib/exportDownload'

const m = messages.ledger
const PREPARING = 'Préparation du fichier…'
/** The FEC is asked for the current year and the four before: what a tax audit goes back over, and a little more. */
const FEC_YEARS = 5

function DateField({
  label,
  value,
  error,
  onChange,
}: {
  label: string
  value: string
  error?: string | null
  onChange: (value: string) => void
}) {
  return (
    <DateInputField
      label={label}
      placeholder="jj/mm/aaaa"
      leftSection={<IconCalendar size={16} />}
      popoverProps={{ withinPortal: true }}
      value={value || null}
      error={error ?? undefined}
      onChange={(date) => onChange(date ?? '')}
    />
  )
}

const lineCount = new Intl.NumberFormat('fr-FR')

/**
 * A download of an export with how far it is: the mutation, and the lines received of those the server announced.
 * The progress is reset at each start so that a second download does not begin at the first one's 100 %.
 */
function useExportDownload(path: () => string, fallbackName: () => string) {
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const download = useMutation({
    mutationFn: () => {
      setProgress(null)
      return downloadExport(path(), fallbackName(), setProgress)
    },
  })
  return { download, progress }
}

/** "42 %" of the lines the server announced; without an announcement, the count of lines received so far. */
function DownloadProgress({ progress }: { progress: ExportProgress | null }) {
  if (!progress) return null
  const { rows, total } = progress
  const percent = total ? Math.min(100, Math.floor((rows / total) * 100)) : null
  // French counts 0 and 1 in the singular.
  const lines = `${lineCount.format(rows)} ${rows > 1 ? 'lignes' : 'ligne'}`
  const text = percent === null ? `${lines} ${rows > 1 ? 'reçues' : 'reçue'}` : `${percent} % (${lines})`
  return (
    <Stack gap={4} w="100%" maw={320}>
      {percent === null ? null : <Progress value={percent} size="sm" aria-label="Avancement du téléchargement" />}
      <Text size="xs" c="dimmed" ta="right" aria-live="polite">
        {text}
      </Text>
    </Stack>
  )
}

/** The download button: while the server prepares the file it says so and how far it is, and cannot be pressed twice. */
function DownloadButton({
  label,
  pending,
  progress,
  disabled,
  onClick,
}: {
  label: string
  pending: boolean
  progress: ExportProgress | null
  disabled?: boolean
  onClick: () => void
}) {
  return (
    <Stack gap="xs" align="flex-end">
      <Button
        onClick={onClick}
        disabled={pending || disabled}
        leftSection={pending ? <Loader size={14} /> : <IconDownload size={16} />}
        aria-busy={pending}
      >
        {pending ? PREPARING : label}
      </Button>
      {pending ? <DownloadProgress progress={progress} /> : null}
    </Stack>
  )
}

/** The ledger's lines of a period as a CSV; on failure the spec's hint to shorten the period (a refusal says why). */
function AccountingCsvCard({ today }: { today: string }) {
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`)
  const [to, setTo] = useState(today)
  const { download, progress } = useExportDownload(
    () => accountingCsvPath(from, to),
    () => `ecritures-${from}-${to}.csv`,
  )
  const periodError = from && to ? accountingPeriodError(from, to) : null
  const failure =
    download.error instanceof ApiError && download.error.status === 403 ? download.error.message : m.exportFailed
  const change = (set: (value: string) => void) => (value: string) => {
    download.reset()
    set(value)
  }

  return (
    <SettingsSection
      id="accounting-csv"
      title="Écritures comptables (CSV)"
      description="Toutes les lignes des écritures de la période, à ouvrir dans un tableur ou à transmettre à ton expert-comptable."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label="Du" value={from} onChange={change(setFrom)} />
        <DateField label="Au" value={to} error={periodError} onChange={change(setTo)} />
      </SimpleGrid>
      <FormAlert message={download.isError ? failure : null} />
      <Group justify="flex-end">
        <DownloadButton
          label="Télécharger le CSV"
          pending={download.isPending}
          progress={progress}
          disabled={!isIsoDate(from) || !isIsoDate(to) || periodError !== null}
          onClick={() => download.mutate()}
        />
      </Group>
    </SettingsSection>
  )
}

/** The FEC of a fiscal year; on failure the server's own words (a missing SIREN says where to fill it in). */
function FecCard({ currentYear }: { currentYear: number }) {
  const years = Array.from({ length: FEC_YEARS }, (_, index) => String(currentYear - index))
  const [year, setYear] = useState(String(currentYear))
  const { download, progress } = useExportDownload(
    () => fecPath(year),
    () => `FEC-${year}.txt`,
  )
  const failure = download.error instanceof ApiError ? download.error.message : messages.generic.error

  return (
    <SettingsSection
      id="fec"
      title="Fichier des écritures comptables (FEC)"
      description="Le fichier légal d'un exercice entier, celui que l'administration fiscale demande lors d'un contrôle."
    >
      <Select
        label="Exercice"
        data={years}
        value={year}
        allowDeselect={false}
        maw={240}
        comboboxProps={{ withinPortal: true }}
        onChange={(value) => {
          download.reset()
          if (value) setYear(value)
        }}
      />
      <FormAlert message={download.isError ? failure : null} />
      <Group justify="flex-end">
        <DownloadButton
          label="Télécharger le FEC"
          pending={download.isPending}
          progress={progress}
          onClick={() => download.mutate()}
        />
      </Group>
    </SettingsSection>
  )
}

/**
 * /app/reports/export (spec/account.md §2 "Accounting export page"): the ledger of a period as a CSV for a
 * spreadsheet, and the FEC of a fiscal year. Both are downloaded through the API, under the server's file names.
 */
export function AccountingExportPage() {
  const today = todayInParis()
  return (
    <Stack gap="lg" w="100%" maw={960} mx="auto">
      <Title order={1} size="h2">
        Export comptable
      </Title>
      <AccountingCsvCard today={today} />
      <FecCard currentYear={Number(today.slice(0, 4))} />
    </Stack>
  )
}
