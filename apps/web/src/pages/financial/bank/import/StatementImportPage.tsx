import '@mantine/dropzone/styles.css'
import { type JournalDto, messages } from '@app/domain'
import { Anchor, Box, Group, Paper, Progress, Select, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import { IconArrowLeft, IconBuildingBank, IconFileUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { DropzoneContent } from '../../../../components/DropzoneContent'
import { EmptyBlock } from '../../../../components/EmptyBlock'
import { ErrorState } from '../../../../components/ErrorState'
import { useJournals } from '../../../../components/journals/journalQueries'
import { CsvMappingStep } from './CsvMappingStep'
import { ImportOutcomes } from './ImportOutcomes'
import { STATEMENT_FORMATS, STATEMENT_MAX_LABEL } from './statementImport'
import { type CurrentImport, useStatementImports } from './useStatementImports'

/** The account a statement goes to unless someone picks another: `?journalId=`, the active one, the default one. */
function preferredAccount(accounts: JournalDto[], asked: string | null): JournalDto | undefined {
  return (
    accounts.find((account) => String(account.id) === asked) ??
    accounts.find((account) => account.isActive) ??
    accounts.find((account) => account.isDefault) ??
    accounts[0]
  )
}

/**
 * /app/financial/bank/import: statements (OFX, QIF, CAMT, CFONB 120, CSV) dropped into a bank account, with a progress
 * bar while large files go up, the CSV column-mapping step, and what each file added (imported, duplicates,
 * categorised) or the server's message naming what is wrong with it.
 */
export function StatementImportPage() {
  const accounts = useJournals({ type: 'BQ' })
  const [searchParams] = useSearchParams()
  const [chosen, setChosen] = useState<string | null>(null)
  const imports = useStatementImports()
  const list = accounts.data ?? []
  const account =
    list.find((entry) => String(entry.id) === chosen) ?? preferredAccount(list, searchParams.get('journalId'))
  const { current } = imports

  return (
    <Stack gap="lg" maw={1100}>
      <Box>
        <Anchor component={Link} to="/app/financial/bank" size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Transactions
          </Group>
        </Anchor>
        <Title order={1} size="h2">
          Importer un relevé
        </Title>
        <Text c="dimmed" size="sm">
          {STATEMENT_FORMATS}, {STATEMENT_MAX_LABEL} au plus par fichier. Les opérations déjà importées sont reconnues
          et ne sont pas ajoutées une seconde fois.
        </Text>
      </Box>

      {accounts.isPending ? (
        <Skeleton height={60} />
      ) : accounts.isError ? (
        <ErrorState onRetry={() => accounts.refetch()} />
      ) : list.length === 0 ? (
        <EmptyBlock
          icon={<IconBuildingBank size={22} />}
          title={messages.empty.noBank}
          description={
            <Anchor component={Link} to="/app/setting/financial">
              Ajouter un compte bancaire
            </Anchor>
          }
        />
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Select
              label="Compte bancaire"
              description="Le compte dans lequel les opérations du relevé sont ajoutées."
              data={list.map((entry) => ({
                value: String(entry.id),
                label: `${entry.name} (${entry.code})${entry.isActive ? '' : ' · inactif'}`,
              }))}
              value={account ? String(account.id) : null}
              onChange={setChosen}
              allowDeselect={false}
              disabled={current !== null}
              maw={420}
            />
            <Dropzone
              onDrop={(files) => account && imports.add(files, { id: account.id, name: account.name })}
              multiple
              disabled={!account}
              inputProps={{ 'aria-label': 'Choisir des relevés' }}
              name="file"
              radius="md"
            >
              <DropzoneContent idleIcon={IconFileUpload} iconSize={36} minHeight={110}>
                <Stack gap={2}>
                  <Text fw={500}>Glisse tes relevés ici ou clique pour les choisir</Text>
                  <Text size="sm" c="dimmed">
                    .ofx, .qfx, .qif, .xml, .txt / .cfo / .120, .csv · {STATEMENT_MAX_LABEL} max
                  </Text>
                </Stack>
              </DropzoneContent>
            </Dropzone>
            {imports.queue.length > 0 ? (
              <Text size="sm" c="dimmed">
                En attente : {imports.queue.join(', ')}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      )}

      {current ? <CurrentStep current={current} imports={imports} /> : null}
      <ImportOutcomes outcomes={imports.outcomes} />
    </Stack>
  )
}

function CurrentStep({
  current,
  imports,
}: {
  current: CurrentImport
  imports: ReturnType<typeof useStatementImports>
}) {
  if (current.preview && current.step !== 'reading')
    return (
      <CsvMappingStep
        key={current.key}
        journalId={current.account.id}
        fileKey={current.key}
        file={current.file}
        preview={current.preview}
        sending={current.step === 'sending'}
        progress={current.progress}
        refusal={current.error}
        onImport={imports.confirmMapping}
        onCancel={imports.cancelMapping}
      />
    )
  const verb = current.step === 'reading' ? 'Lecture' : 'Import'
  const percent = current.progress === null ? null : Math.round(current.progress * 100)
  return (
    <Paper withBorder radius="md" p="md" aria-busy="true">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {verb} de {current.file.name} dans {current.account.name}…
          </Text>
          {percent !== null && percent < 100 ? (
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {percent} %
            </Text>
          ) : null}
        </Group>
        <Progress
          value={percent ?? 100}
          animated={percent === null || percent >= 100}
          aria-label={`Envoi de ${current.file.name}`}
        />
        {percent !== null && percent >= 100 ? (
          <Text size="xs" c="dimmed">
            Fichier envoyé : lecture des opérations…
          </Text>
        ) : null}
      </Stack>
    </Paper>
  )
}
