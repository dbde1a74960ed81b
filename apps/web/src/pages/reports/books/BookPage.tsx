import { type BookKind, formatEuro } from '@app/domain'
import { Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { IconArrowLeft, IconBook, IconDownload } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { Link } from 'react-router'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { FormAlert } from '../../../components/FormAlert'
import { ApiError } from '../../../lib/api'
import { downloadExport } from '../../../lib/exportDownload'
import { BookMonthTable } from './BookMonthTable'
import { BookError, BookHeader, BookLoading } from './BookParts'
import { bookCsvFallbackName, bookCsvPath, booksPath, useBook } from './bookQueries'
import { bookTexts as t } from './bookTexts'
import { useBookYear } from './bookYear'

/** "Télécharger en CSV": the book of the year as the server writes it, saved under the server's file name. */
function DownloadCsv({ kind, year }: { kind: BookKind; year: number }) {
  const download = useMutation({
    mutationFn: () => downloadExport(bookCsvPath(kind, year), bookCsvFallbackName(kind, year)),
  })
  const failure =
    download.error instanceof ApiError && download.error.status === 403 ? download.error.message : t.downloadFailed
  return (
    <Stack gap="xs">
      <Button
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-busy={download.isPending}
        leftSection={download.isPending ? <Loader size={14} /> : <IconDownload size={16} />}
      >
        {download.isPending ? t.preparing : t.download}
      </Button>
      <FormAlert message={download.isError ? failure : null} />
    </Stack>
  )
}

/**
 * /app/reports/in-out-book/recipes and /expenses (spec/account.md §2 "In/out books"): the livre des recettes or the
 * registre des achats of ?year= (the current year without one), month by month, with each month's total, the year's,
 * and the CSV of the same book.
 */
export function BookPage({ kind }: { kind: BookKind }) {
  const { year, setYear } = useBookYear()
  const query = useBook(kind, year)
  const title = t.kinds[kind].title
  return (
    <Stack gap="lg" w="100%" maw={1100} mx="auto">
      <Anchor component={Link} to={booksPath(year)} size="sm" fw={500}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t.back}
        </Group>
      </Anchor>
      <BookHeader title={title} year={year} known={query.data?.availableYears} onYearChange={setYear}>
        <DownloadCsv key={`${kind}-${year}`} kind={kind} year={year} />
      </BookHeader>
      {query.isPending ? (
        <BookLoading />
      ) : query.isError ? (
        <BookError error={query.error} onRetry={() => query.refetch()} />
      ) : query.data.months.length === 0 ? (
        <EmptyBlock icon={<IconBook size={22} />} title={t.empty} />
      ) : (
        <>
          {query.data.months.map((month) => (
            <BookMonthTable key={month.month} kind={kind} month={month} />
          ))}
          <Paper component="section" withBorder radius="md" p="md" aria-label={t.totalYear}>
            <Group justify="space-between">
              <Text fw={700}>{t.totalYear}</Text>
              <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatEuro(query.data.totalYear)}
              </Text>
            </Group>
          </Paper>
        </>
      )}
    </Stack>
  )
}
