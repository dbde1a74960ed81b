import { DISPLAY_LISTS, type MeDto, PAGE_SIZES } from '@app/domain'
import { Center, Divider, Group, SegmentedControl, Stack, Text, useMantineColorScheme } from '@mantine/core'
import { IconLayoutGrid, IconList, IconMoon, IconSun } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { SettingsSection } from '../../components/SettingsSection'
import { usePreferencesMutation } from './usePreferencesMutation'

type DisplayList = (typeof DISPLAY_LISTS)[number]

const LIST_LABELS: Record<DisplayList, string> = {
  invoices: 'Factures',
  quotes: 'Devis',
  receipts: 'Justificatifs',
  catalog: 'Catalogue',
  customers: 'Clients',
}

const withIcon = (icon: ReactNode, label: string) => (
  <Center style={{ gap: 6 }}>
    {icon}
    <span>{label}</span>
  </Center>
)

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <div>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </div>
      {children}
    </Group>
  )
}

/** "Affichage": light or dark mode (applied at once), grid or list per list, default page size. Saved on change. */
export function DisplayPreferences({ me }: { me: MeDto }) {
  const { setColorScheme } = useMantineColorScheme()
  const save = usePreferencesMutation({ onRollback: (previous) => setColorScheme(previous.mode) })
  const preferences = me.preferences

  return (
    <Stack gap="lg">
      <SettingsSection title="Thème" description="Le thème s'applique immédiatement.">
        <Row label="Apparence">
          <SegmentedControl
            aria-label="Apparence"
            value={preferences.mode}
            onChange={(value) => {
              const mode = value as 'light' | 'dark'
              setColorScheme(mode)
              save.mutate({ mode })
            }}
            data={[
              { value: 'light', label: withIcon(<IconSun size={16} />, 'Clair') },
              { value: 'dark', label: withIcon(<IconMoon size={16} />, 'Sombre') },
            ]}
          />
        </Row>
      </SettingsSection>

      <SettingsSection title="Listes" description="Choisis comment chaque liste s'affiche par défaut.">
        <Stack gap="sm">
          {DISPLAY_LISTS.map((list, index) => (
            <Stack key={list} gap="sm">
              {index > 0 ? <Divider /> : null}
              <Row label={LIST_LABELS[list]}>
                <SegmentedControl
                  aria-label={`Affichage de la liste ${LIST_LABELS[list]}`}
                  value={preferences.display[list] ?? 'list'}
                  onChange={(value) => save.mutate({ display: { [list]: value as 'grid' | 'list' } })}
                  data={[
                    { value: 'grid', label: withIcon(<IconLayoutGrid size={16} />, 'Grille') },
                    { value: 'list', label: withIcon(<IconList size={16} />, 'Liste') },
                  ]}
                />
              </Row>
            </Stack>
          ))}
        </Stack>
      </SettingsSection>

      <SettingsSection title="Pagination">
        <Row label="Lignes par page" hint="Le nombre d'éléments affichés par défaut dans les listes">
          <SegmentedControl
            aria-label="Lignes par page"
            value={String(preferences.pageSize)}
            onChange={(value) => save.mutate({ pageSize: Number(value) as (typeof PAGE_SIZES)[number] })}
            data={PAGE_SIZES.map((size) => String(size))}
          />
        </Row>
      </SettingsSection>
    </Stack>
  )
}
