import { type CsvMappingBody, csvMappingSchema } from '@app/domain'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../../../../lib/api'
import { CsvLinesTable, CsvRowsTable } from './CsvPreviewTables'
import {
  type AmountMode,
  amountModeOf,
  columnCount,
  columnLabel,
  DATE_FORMAT_LABELS,
  DECIMAL_LABELS,
  DELIMITER_LABELS,
  ENCODING_LABELS,
  optionsOf,
  switchAmountMode,
} from './csvColumns'
import { type CsvPreview, headOf, previewStatement } from './statementImport'

type FieldErrors = Partial<Record<keyof CsvMappingBody, string>>

/** The schema's first message per field (the selects below cannot give much else than an empty label). */
function errorsOf(mapping: CsvMappingBody): FieldErrors | null {
  const result = csvMappingSchema.safeParse(mapping)
  if (result.success) return null
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof CsvMappingBody
    errors[field] ??= issue.message
  }
  return errors
}

/**
 * The CSV column-mapping step: the mapping the server remembers for this account (or suggests), every part of it
 * editable, the file's first rows under their roles and the lines as they will be imported, read again by the server
 * as the mapping changes. "Importer" sends the file with the mapping, which the server then remembers.
 */
export function CsvMappingStep({
  journalId,
  fileKey,
  file,
  preview: initial,
  sending,
  progress,
  refusal,
  onImport,
  onCancel,
}: {
  journalId: number
  /** Tells this file from another one of the same name in the preview cache. */
  fileKey: number
  file: File
  preview: CsvPreview
  sending: boolean
  progress: number | null
  /** The server's message when it refused the file with the mapping sent. */
  refusal: string | null
  onImport: (mapping: CsvMappingBody) => void
  onCancel: () => void
}) {
  const [mapping, setMapping] = useState<CsvMappingBody>(initial.mapping)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [debounced] = useDebouncedValue(mapping, 400)
  const isInitial = JSON.stringify(debounced) === JSON.stringify(initial.mapping)
  const reread = useQuery({
    queryKey: ['statement-preview', journalId, fileKey, debounced],
    queryFn: async () => previewStatement(journalId, await headOf(file), file.name, debounced),
    enabled: !isInitial,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const preview = isInitial ? initial : (reread.data ?? initial)
  const rereadError = !isInitial && reread.isError ? reread.error : null
  const width = columnCount(preview)
  const columns = [...Array(width).keys()].map((column) => ({
    value: String(column),
    label: columnLabel(preview, column),
  }))

  const change = (fields: Partial<CsvMappingBody>) => {
    setMapping((current) => ({ ...current, ...fields }))
    setErrors({})
  }
  const amountMode = amountModeOf(mapping.amount)
  const columnSelect = (label: string, value: number, onChange: (column: number) => void, error?: string) => (
    <Select
      label={label}
      data={columns}
      value={String(value)}
      onChange={(picked) => picked !== null && onChange(Number(picked))}
      allowDeselect={false}
      error={error}
      disabled={sending}
    />
  )

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Correspondance des colonnes">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            Correspondance des colonnes
          </Title>
          <Text size="sm" c="dimmed">
            {file.name} : indique ce que contient chaque colonne. Carnet retiendra ce choix pour ce compte.
          </Text>
        </div>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="Encodage"
            data={optionsOf(ENCODING_LABELS)}
            value={mapping.encoding}
            onChange={(value) => value && change({ encoding: value as CsvMappingBody['encoding'] })}
            allowDeselect={false}
            disabled={sending}
          />
          <Select
            label="Séparateur de colonnes"
            data={optionsOf(DELIMITER_LABELS)}
            value={mapping.delimiter}
            onChange={(value) => value && change({ delimiter: value as CsvMappingBody['delimiter'] })}
            allowDeselect={false}
            disabled={sending}
          />
          <NumberInput
            label="Lignes à ignorer au début"
            value={mapping.skipRows}
            min={0}
            max={100}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => change({ skipRows: typeof value === 'number' ? value : 0 })}
            error={errors.skipRows}
            disabled={sending}
          />
          <Checkbox
            mt={{ md: 30 }}
            label="La première ligne lue contient les titres"
            checked={mapping.hasHeader}
            onChange={(event) => change({ hasHeader: event.currentTarget.checked })}
            disabled={sending}
          />
          {columnSelect('Colonne de la date', mapping.dateColumn, (dateColumn) => change({ dateColumn }))}
          <Select
            label="Format des dates"
            data={optionsOf(DATE_FORMAT_LABELS)}
            value={mapping.dateFormat}
            onChange={(value) => value && change({ dateFormat: value as CsvMappingBody['dateFormat'] })}
            allowDeselect={false}
            disabled={sending}
          />
          <MultiSelect
            label="Colonnes du libellé"
            data={columns}
            value={mapping.labelColumns.map(String)}
            onChange={(values) => change({ labelColumns: values.map(Number).sort((a, b) => a - b) })}
            error={errors.labelColumns}
            disabled={sending}
          />
          <Select
            label="Séparateur décimal"
            data={optionsOf(DECIMAL_LABELS)}
            value={mapping.decimalSeparator}
            onChange={(value) => value && change({ decimalSeparator: value as CsvMappingBody['decimalSeparator'] })}
            allowDeselect={false}
            disabled={sending}
          />
        </SimpleGrid>

        <Stack gap="xs">
          <Text size="sm" fw={500} id="amount-mode-label">
            Montant
          </Text>
          <SegmentedControl
            aria-labelledby="amount-mode-label"
            value={amountMode}
            onChange={(mode) => change({ amount: switchAmountMode(mapping.amount, mode as AmountMode, width) })}
            data={[
              { value: 'signed', label: 'Une seule colonne, signée' },
              { value: 'split', label: 'Débit et crédit séparés' },
            ]}
            disabled={sending}
            style={{ alignSelf: 'flex-start' }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {'column' in mapping.amount ? (
              columnSelect('Colonne du montant', mapping.amount.column, (column) => change({ amount: { column } }))
            ) : (
              <>
                {columnSelect('Colonne du débit', mapping.amount.debitColumn, (debitColumn) =>
                  change({ amount: { ...(mapping.amount as { creditColumn: number }), debitColumn } }),
                )}
                {columnSelect('Colonne du crédit', mapping.amount.creditColumn, (creditColumn) =>
                  change({ amount: { ...(mapping.amount as { debitColumn: number }), creditColumn } }),
                )}
              </>
            )}
          </SimpleGrid>
          {errors.amount ? (
            <Text size="xs" c="red">
              {errors.amount}
            </Text>
          ) : null}
        </Stack>

        {rereadError ? (
          <Alert color="red" role="alert">
            {rereadError instanceof ApiError ? rereadError.message : 'La lecture du fichier a échoué.'}
          </Alert>
        ) : null}

        <Stack gap="xs" aria-busy={reread.isFetching || undefined}>
          <Text size="sm" fw={500}>
            Le fichier
          </Text>
          <CsvRowsTable preview={preview} mapping={mapping} />
          <Text size="sm" fw={500}>
            Ce qui sera importé
          </Text>
          {preview.lines.length === 0 ? (
            <Alert color="yellow">
              Aucune ligne ne se lit ainsi : vérifie les colonnes de la date et du montant, et leurs formats.
            </Alert>
          ) : (
            <CsvLinesTable preview={preview} />
          )}
        </Stack>

        {refusal && !sending ? (
          <Alert color="red" role="alert" title="Le fichier n’a pas été importé">
            {refusal}
          </Alert>
        ) : null}
        {sending && progress !== null ? (
          <Progress value={progress * 100} aria-label={`Envoi de ${file.name}`} animated />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={sending}>
            Annuler
          </Button>
          <Button
            loading={sending}
            onClick={() => {
              const found = errorsOf(mapping)
              if (found) setErrors(found)
              else onImport(mapping)
            }}
          >
            Importer
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
