import { formatDateFr, type ListResponse, type TutorialDto, tutorialFor } from '@app/domain'
import { Anchor, Drawer, List, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { get } from '../../../lib/api'

/**
 * The tutorial info drawer of the header (spec/account.md §2): how the screen in view works, step by step; any other
 * screen's tutorial can be picked from the list. Loaded with its first opening.
 */
export function TutorialDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { pathname } = useLocation()
  const all = useQuery({
    queryKey: ['tutorials'],
    queryFn: () => get<ListResponse<TutorialDto>>('/tutorials?page=1&pageSize=100'),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: opened,
  })
  const [picked, setPicked] = useState<string | null>(null)
  const tutorials = all.data?.data ?? []
  const shown = tutorials.find((tutorial) => tutorial.slug === picked) ?? tutorialFor(tutorials, pathname)

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title="Tutoriel" padding="lg">
      {all.isPending ? <Loader aria-label="Chargement" /> : null}
      {all.isError ? <Text c="red">Une erreur est survenue</Text> : null}
      {all.data ? (
        <Stack gap="md">
          <NativeSelect
            label="Écran"
            data={tutorials.map((tutorial) => ({ value: tutorial.slug, label: tutorial.title }))}
            value={shown?.slug ?? ''}
            onChange={(event) => setPicked(event.currentTarget.value)}
          />
          {shown ? (
            <Stack gap="sm">
              <Title order={3}>{shown.title}</Title>
              <Text>{shown.overview}</Text>
              <List type="ordered" spacing="xs">
                {shown.steps.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
              {shown.linkVideo ? (
                <Anchor href={shown.linkVideo} target="_blank" rel="noreferrer">
                  Voir la vidéo
                </Anchor>
              ) : null}
              <Text size="xs" c="dimmed">
                Mis à jour le {formatDateFr(shown.dateUpdated)}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  )
}
