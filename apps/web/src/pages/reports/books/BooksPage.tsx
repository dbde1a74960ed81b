import { BOOK_KINDS, type BookKind, formatEuro } from '@app/domain'
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import { Link } from 'react-router'
import { BookError, BookHeader } from './BookParts'
import { bookPagePath, useBook } from './bookQueries'
import { bookTexts as t } from './bookTexts'
import { useBookYear } from './bookYear'

/** A book's card: its name, what it adds up to over the year, and the way to its months. */
function BookCard({ kind, year }: { kind: BookKind; year: number }) {
  const query = useBook(kind, year)
  const { title, summary } = t.kinds[kind]
  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-label={title}>
      <Stack gap={6}>
        <Text fw={700} size="lg">
          {title}
        </Text>
        {query.isPending ? (
          <Skeleton height={34} width={160} aria-label={t.loading} />
        ) : query.isError ? (
          <BookError error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <Stack gap={0}>
            <Text c="dimmed" size="sm">
              {`${summary} en ${year}`}
            </Text>
            <Text fz={26} fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatEuro(query.data.totalYear)}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button
            component={Link}
            to={bookPagePath(kind, year)}
            variant="light"
            rightSection={<IconChevronRight size={14} />}
            aria-label={`${t.landing.open} le ${title.toLowerCase()}`}
          >
            {t.landing.open}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/**
 * /app/reports/in-out-book (spec/account.md §2 "In/out books"): the two registers of a micro-entrepreneur for ?year=
 * (the current year without one), each with its year total and a link to its months.
 */
export function BooksPage() {
  const { year, setYear } = useBookYear()
  return (
    <Stack gap="lg" w="100%" maw={960} mx="auto">
      <BookHeader title={t.landing.title} year={year} onYearChange={setYear} />
      <Text c="dimmed">{t.landing.intro}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {BOOK_KINDS.map((kind) => (
          <BookCard key={kind} kind={kind} year={year} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
