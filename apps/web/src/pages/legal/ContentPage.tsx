import { formatDateFr, type ItemResponse } from '@app/domain'
import { Anchor, Center, Container, Group, Image, Loader, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ErrorState } from '../../components/ErrorState'
import { get } from '../../lib/api'

type Content = {
  slug: string
  title: string
  updatedAt: string
  sections: { heading: string; paragraphs: string[] }[]
}

/** A public text page (terms, privacy, legal notice), fetched by slug from GET /content/{slug} (spec/account.md §2). */
export function ContentPage({ slug }: { slug: 'cgu-cgv' | 'confidentiality-policy' | 'legal-notice' }) {
  const content = useQuery({
    queryKey: ['content', slug],
    queryFn: async () => (await get<ItemResponse<Content>>(`/content/${slug}`)).data,
    staleTime: 8 * 60 * 60 * 1000,
  })

  return (
    <Container size="sm" py="xl">
      <Stack gap="xl">
        <Anchor component={Link} to="/app" underline="never" aria-label="Carnet, accueil" w="fit-content">
          <Group gap={10} wrap="nowrap">
            <Image src="/favicon.svg" alt="" w={32} h={32} />
            <Text component="span" fw={700} fz={22} c="var(--mantine-color-text)">
              Carnet
            </Text>
          </Group>
        </Anchor>
        {content.isPending ? (
          <Center py="xl">
            <Loader aria-label="Chargement" />
          </Center>
        ) : content.isError ? (
          <ErrorState onRetry={() => content.refetch()} />
        ) : (
          <Stack component="article" gap="lg">
            <Stack gap={4}>
              <Title order={1}>{content.data.title}</Title>
              <Text size="sm" c="dimmed">
                Mise à jour le {formatDateFr(content.data.updatedAt)}
              </Text>
            </Stack>
            {content.data.sections.map((section) => (
              <Stack component="section" gap="xs" key={section.heading}>
                <Title order={2} fz="lg">
                  {section.heading}
                </Title>
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  )
}
