import '@mantine/dropzone/styles.css'
import {
  APPEARANCE_FILE_RULES,
  type AppearanceFileKind,
  appearanceFileError,
  appearanceFileHint,
  type ItemResponse,
  messages,
  type SalesSettingsDto,
} from '@app/domain'
import { Box, Button, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { Dropzone, type FileRejection } from '@mantine/dropzone'
import { IconFileTypePdf, IconPhoto, IconTrash } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { DropzoneContent } from '../../components/DropzoneContent'
import { PdfPreview } from '../../components/pdf/PdfPreview'
import { SettingsSection } from '../../components/SettingsSection'
import { ApiError, del, upload } from '../../lib/api'
import { toastError, toastSuccess } from '../../lib/toast'
import { salesSettingsQueryKey } from './SalesSettingsPage'

type FileSlot = {
  kind: AppearanceFileKind
  label: string
  description: string
  url: (settings: SalesSettingsDto) => string | null
  urlField: keyof SalesSettingsDto
}

export const FILE_SLOTS: FileSlot[] = [
  {
    kind: 'logo',
    label: 'Logo',
    description: 'En haut de tes devis et factures.',
    url: (s) => s.logoUrl,
    urlField: 'logoUrl',
  },
  {
    kind: 'icon',
    label: 'Icône',
    description: 'Une version carrée et réduite de ton logo.',
    url: (s) => s.iconUrl,
    urlField: 'iconUrl',
  },
  {
    kind: 'background',
    label: 'Fond de la première page',
    description: 'Ton papier à en-tête, sous le contenu de la première page.',
    url: (s) => s.backgroundUrl,
    urlField: 'backgroundUrl',
  },
  {
    kind: 'background_next_pages',
    label: 'Fond des pages suivantes',
    description: 'Sous les pages suivantes ; vide : le fond de la première page.',
    url: (s) => s.backgroundNextPagesUrl,
    urlField: 'backgroundNextPagesUrl',
  },
]

/** The spec's message for a file the dropzone refused before sending it (type, size, more than one file). */
export function rejectionMessage(kind: AppearanceFileKind, rejections: FileRejection[]): string {
  if (rejections.length > 1 || rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files')))
    return messages.files.tooMany(1)
  const [first] = rejections
  if (!first) return messages.generic.error
  const rule = APPEARANCE_FILE_RULES[kind]
  return (
    appearanceFileError(kind, first.file) ??
    (first.errors.some((e) => e.code === 'file-too-large')
      ? messages.files.tooLarge(1, rule.maxLabel)
      : messages.files.invalidFormat(1, rule.formats))
  )
}

/** The logo, icon and backgrounds: each saved as soon as it is dropped, with its limits, thumbnail and "Supprimer". */
export function BrandingFilesSection({ settings }: { settings: SalesSettingsDto }) {
  return (
    <SettingsSection
      id="branding-files"
      title="Logo et fonds"
      description="Chaque fichier est enregistré dès que tu le déposes."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {FILE_SLOTS.map((slot) => (
          <FileDrop key={slot.kind} slot={slot} url={slot.url(settings)} />
        ))}
      </SimpleGrid>
    </SettingsSection>
  )
}

function FileDrop({ slot, url }: { slot: FileSlot; url: string | null }) {
  const client = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const rule = APPEARANCE_FILE_RULES[slot.kind]
  const isImage = rule.maxPixels !== null
  const labelId = `file-${slot.kind}-label`

  const saved = (updated: SalesSettingsDto) => {
    client.setQueryData<SalesSettingsDto>(salesSettingsQueryKey, updated)
    setError(null)
    toastSuccess()
  }

  const send = useMutation({
    mutationFn: async (file: File) => {
      const data = new FormData()
      data.append(slot.kind, file)
      return (await upload<ItemResponse<SalesSettingsDto>>('/settings/files', data)).data
    },
    onSuccess: saved,
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : messages.generic.error),
  })

  const remove = useMutation({
    mutationFn: async () => del(`/settings/files/${slot.kind}`),
    onSuccess: () => {
      const current = client.getQueryData<SalesSettingsDto>(salesSettingsQueryKey)
      if (current) client.setQueryData<SalesSettingsDto>(salesSettingsQueryKey, { ...current, [slot.urlField]: null })
      void client.invalidateQueries({ queryKey: salesSettingsQueryKey, exact: true })
      setError(null)
      toastSuccess(messages.settingsAppearance.removed)
    },
    onError: (failure) => toastError(failure),
  })

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs" role="group" aria-labelledby={labelId}>
        <Box>
          <Text fw={500} size="sm" id={labelId}>
            {slot.label}
          </Text>
          <Text size="xs" c="dimmed">
            {slot.description}
          </Text>
        </Box>
        <Dropzone
          onDrop={(files) => {
            setError(null)
            const [file] = files
            if (file) send.mutate(file)
          }}
          onReject={(rejections) => setError(rejectionMessage(slot.kind, rejections))}
          accept={[...rule.types]}
          maxSize={rule.maxBytes}
          maxFiles={1}
          multiple={false}
          loading={send.isPending}
          aria-label={`Déposer le fichier : ${slot.label}`}
          inputProps={{ 'aria-label': `Choisir le fichier : ${slot.label}` }}
          name={slot.kind}
          radius="md"
        >
          <DropzoneContent idleIcon={isImage ? IconPhoto : IconFileTypePdf} iconSize={28} minHeight={72} gap="sm">
            <Text size="sm" ta="center">
              Glisse ton fichier ici ou clique pour le choisir
            </Text>
          </DropzoneContent>
        </Dropzone>
        <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
          {error ?? appearanceFileHint(slot.kind)}
        </Text>
        {url ? (
          <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
            {isImage ? (
              <Image src={url} alt={`${slot.label} actuel`} h={64} w="auto" maw={160} fit="contain" />
            ) : (
              <Box w={90}>
                <PdfPreview url={url} label={slot.label} width={90} lazy />
              </Box>
            )}
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              onClick={() => remove.mutate()}
              aria-label={`Supprimer : ${slot.label}`}
            >
              Supprimer
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  )
}
