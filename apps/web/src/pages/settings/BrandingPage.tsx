import {
  BACKGROUND_COLORS,
  COLOR_HEX,
  DEFAULT_COLORS,
  GREY_COLORS,
  type ItemResponse,
  messages,
  type SalesSettingsDto,
} from '@app/domain'
import {
  Box,
  CheckIcon,
  ColorInput,
  ColorSwatch,
  Flex,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ErrorState } from '../../components/ErrorState'
import { FormFooter } from '../../components/FormFooter'
import { showServerErrors } from '../../components/formErrors'
import { LeaveGuard } from '../../components/LeaveGuard'
import { PdfPreview } from '../../components/pdf/PdfPreview'
import { useReferenceList } from '../../components/ReferenceSelect'
import { SettingsSection } from '../../components/SettingsSection'
import { get, patch } from '../../lib/api'
import { toastSuccess } from '../../lib/toast'
import { BrandingFilesSection } from './BrandingFiles'
import { salesSettingsQueryKey } from './SalesSettingsPage'

type FontItem = { id: number; key: string; name: string; isDefault: boolean }
type AppearanceValues = { colorPrimary: string; fontId: string }

const PALETTES = [
  { label: 'Couleurs', colors: DEFAULT_COLORS },
  { label: 'Tons pâles', colors: BACKGROUND_COLORS },
  { label: 'Gris', colors: GREY_COLORS },
] as const

/** The sample invoice with the unsaved colour and font; `files` changes after an upload so the preview is redrawn. */
export function previewUrl(values: AppearanceValues, files: string) {
  const query = new URLSearchParams()
  if (COLOR_HEX.test(values.colorPrimary)) query.set('colorPrimary', values.colorPrimary.toLowerCase())
  if (values.fontId) query.set('fontId', values.fontId)
  if (files) query.set('v', files)
  const search = query.toString()
  return `/api/v1/settings/appearance/preview.pdf${search ? `?${search}` : ''}`
}

const valuesOf = (settings: SalesSettingsDto): AppearanceValues => ({
  colorPrimary: settings.colorPrimary,
  fontId: String(settings.fontId),
})

/** /app/setting/sales/branding: the colour, font, logo and backgrounds of the PDF documents, with a live preview. */
export function BrandingPage() {
  const settings = useQuery({
    queryKey: salesSettingsQueryKey,
    queryFn: async () => (await get<ItemResponse<SalesSettingsDto>>('/settings')).data,
  })
  const [dirty, setDirty] = useState(false)

  return (
    <Stack gap="lg">
      <Box>
        <Title order={2} size="h3">
          Apparence des documents
        </Title>
        <Text c="dimmed" size="sm">
          La couleur, la police, le logo et le fond de tes devis et factures.
        </Text>
      </Box>
      {settings.isPending ? (
        <Stack gap="lg" aria-busy="true" aria-label="Chargement">
          <Skeleton height={320} radius="lg" />
          <Skeleton height={260} radius="lg" />
        </Stack>
      ) : settings.isError ? (
        <ErrorState onRetry={() => settings.refetch()} />
      ) : (
        <Stack gap="lg">
          <AppearanceForm settings={settings.data} onDirtyChange={setDirty} />
          {/* Saved on drop: outside the form of the colour and the font. */}
          <BrandingFilesSection settings={settings.data} />
        </Stack>
      )}
      <LeaveGuard when={dirty} />
    </Stack>
  )
}

function AppearanceForm({
  settings,
  onDirtyChange,
}: {
  settings: SalesSettingsDto
  onDirtyChange: (dirty: boolean) => void
}) {
  const client = useQueryClient()
  const fonts = useReferenceList<FontItem & { code: string }>('/fonts')
  usePickerFonts(fonts.data)
  const [savedAt, setSavedAt] = useState<string | null>(null)
  const form = useForm<AppearanceValues>({
    initialValues: valuesOf(settings),
    validate: { colorPrimary: (value) => (COLOR_HEX.test(value) ? null : messages.pdf.invalidColor) },
  })

  const save = useMutation({
    mutationFn: async (values: AppearanceValues) =>
      (
        await patch<ItemResponse<SalesSettingsDto>>('/settings', {
          colorPrimary: values.colorPrimary,
          fontId: Number(values.fontId),
        })
      ).data,
    onSuccess: (updated) => {
      client.setQueryData(salesSettingsQueryKey, updated)
      const next = valuesOf(updated)
      form.setInitialValues(next)
      form.setValues(next)
      form.resetDirty(next)
      setSavedAt(new Date().toISOString())
      toastSuccess()
    },
    onError: (error) => showServerErrors(form, error),
  })

  const dirty = form.isDirty()
  const guarded = dirty && !save.isPending
  useEffect(() => onDirtyChange(guarded), [guarded, onDirtyChange])

  const [previewValues] = useDebouncedValue(form.values, 400)
  const files = [settings.logoUrl, settings.iconUrl, settings.backgroundUrl, settings.backgroundNextPagesUrl]
    .map((url) => url?.split('v=')[1] ?? '-')
    .join('.')
  const color = form.values.colorPrimary

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate aria-label="Apparence des documents">
      <Stack gap="lg">
        <Flex direction={{ base: 'column', lg: 'row' }} gap="lg" align="flex-start">
          <Stack gap="lg" flex={1} miw={0} w="100%">
            <SettingsSection id="branding-color" title="Couleur principale" description="Titres, tableaux et totaux.">
              <Stack gap="md">
                {PALETTES.map((palette, index) => (
                  <Box key={palette.label}>
                    <Text size="xs" c="dimmed" mb={6} id={`palette-${index}`}>
                      {palette.label}
                    </Text>
                    <Group gap={8} role="radiogroup" aria-labelledby={`palette-${index}`}>
                      {palette.colors.map((swatch) => {
                        const selected = color.toLowerCase() === swatch
                        return (
                          <UnstyledButton
                            key={swatch}
                            role="radio"
                            aria-checked={selected}
                            aria-label={swatch}
                            onClick={() => form.setFieldValue('colorPrimary', swatch)}
                          >
                            <ColorSwatch
                              color={swatch}
                              size={28}
                              withShadow
                              style={{ border: '1px solid var(--mantine-color-default-border)' }}
                            >
                              {selected ? (
                                <CheckIcon size={12} style={{ color: isDark(swatch) ? '#fff' : '#000' }} />
                              ) : null}
                            </ColorSwatch>
                          </UnstyledButton>
                        )
                      })}
                    </Group>
                  </Box>
                ))}
                <ColorInput
                  label="Couleur personnalisée"
                  description="Au format #RRGGBB"
                  format="hex"
                  maw={260}
                  withEyeDropper={false}
                  swatches={[...DEFAULT_COLORS]}
                  {...form.getInputProps('colorPrimary')}
                />
              </Stack>
            </SettingsSection>

            <SettingsSection id="branding-font" title="Police" description="La police de tes documents PDF.">
              {fonts.isPending ? (
                <Skeleton height={120} radius="md" />
              ) : fonts.isError ? (
                <ErrorState onRetry={() => fonts.refetch()} />
              ) : (
                <Radio.Group {...form.getInputProps('fontId')} aria-label="Police" error={form.errors.fontId}>
                  <SimpleGrid cols={2} spacing="sm">
                    {fonts.data.map((font) => (
                      <Radio.Card key={font.id} value={String(font.id)} radius="md" p="md" withBorder>
                        <Group gap="sm" wrap="nowrap">
                          <Radio.Indicator />
                          <Text
                            fw={500}
                            style={{ fontFamily: `'${pickerFamily(font.id)}', var(--mantine-font-family)` }}
                          >
                            {font.name}
                          </Text>
                        </Group>
                      </Radio.Card>
                    ))}
                  </SimpleGrid>
                </Radio.Group>
              )}
            </SettingsSection>
          </Stack>

          <Paper
            withBorder
            radius="lg"
            p="md"
            w={{ base: '100%', lg: 340 }}
            pos={{ base: 'static', lg: 'sticky' }}
            top={16}
            style={{ flexShrink: 0 }}
          >
            <Text fw={500} size="sm" mb="xs">
              Aperçu
            </Text>
            <PdfPreview url={previewUrl(previewValues, files)} label="la facture d'exemple" urgent />
          </Paper>
        </Flex>
        <FormFooter dirty={dirty} loading={save.isPending} updatedAt={savedAt} />
      </Stack>
    </form>
  )
}

/** The font-family under which a font of the list is loaded in the page. */
const pickerFamily = (id: number) => `carnet-font-${id}`

/**
 * Loads each font's TTF (the very file the PDF embeds) so that the picker writes each name in its own font; until it
 * arrives, or without the FontFace API (tests), the name shows in the page's font.
 */
function usePickerFonts(fonts: FontItem[] | undefined) {
  useEffect(() => {
    if (!fonts || typeof FontFace === 'undefined' || !document.fonts) return
    for (const font of fonts) {
      const family = pickerFamily(font.id)
      if ([...document.fonts].some((face) => face.family === family)) continue
      const face = new FontFace(family, `url(/api/v1/fonts/${font.id}/regular.ttf)`, { display: 'swap' })
      document.fonts.add(face)
      face.load().catch(() => document.fonts.delete(face))
    }
  }, [fonts])
}

/** Whether white reads better than black on the colour (its luminance). */
function isDark(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16)
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255]
  return 0.299 * r + 0.587 * g + 0.114 * b < 150
}
