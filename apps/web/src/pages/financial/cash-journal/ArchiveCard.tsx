import { Button, Code, Group, Select, Stack, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState } from 'react'
import { FormAlert } from '../../../components/FormAlert'
import { SettingsSection } from '../../../components/SettingsSection'
import { ApiError } from '../../../lib/api'
import { useCashArchive } from './cashJournalQueries'

/** Six years are kept (LPF art. L102 B): the current one and the six before. */
const YEARS = 7

/** The archive of a year for the tax inspector: downloaded, and its sha256 written in the chain. */
export function ArchiveCard({ currentYear }: { currentYear: number }) {
  const years = Array.from({ length: YEARS }, (_, index) => String(currentYear - index))
  const [year, setYear] = useState(String(currentYear))
  const archive = useCashArchive()
  const failure = archive.error instanceof ApiError ? archive.error.message : null
  return (
    <SettingsSection
      id="archive"
      title="Archive pour l’administration fiscale"
      description="Les écritures et les clôtures d’une année avec leurs signatures, dans un fichier JSON. Son empreinte sha256 est scellée dans la chaîne : tout contrôleur peut vérifier que le fichier n’a pas été retouché."
    >
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Année"
          data={years}
          value={year}
          allowDeselect={false}
          maw={200}
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => {
            archive.reset()
            if (value) setYear(value)
          }}
        />
        <Button
          leftSection={<IconDownload size={16} />}
          loading={archive.isPending}
          onClick={() => archive.mutate(Number(year))}
        >
          Télécharger l’archive
        </Button>
      </Group>
      <FormAlert message={archive.isError ? (failure ?? 'Le téléchargement a échoué. Réessaye.') : null} />
      {archive.data ? (
        <Stack gap={2} aria-live="polite">
          <Text size="sm">Archive téléchargée. Son empreinte sha256, scellée dans le journal :</Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {archive.data.sha256}
          </Code>
        </Stack>
      ) : null}
    </SettingsSection>
  )
}
