import { CA3_SECTIONS, type Ca3FormSection, isZero, type VatDeclarationBox, type VatDeclarationDto } from '@app/domain'
import { Anchor, Group, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ErrorState } from '../../components/ErrorState'
import { ApiError } from '../../lib/api'
import { Ca3BoxModal } from './Ca3BoxModal'
import { ReportLoading } from './ReportParts'
import { useVatDeclaration, vatReportPath } from './reportQueries'
import { reportAmount, reportTexts } from './reportTexts'
import { DeclarationDownloadButton } from './VatDeclarationBlock'

const t = reportTexts.ca3
const amountStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', textAlign: 'right' } as const

/** The form's two parts and their sections, in its order. */
const PARTS: { title: string; sections: Ca3FormSection[] }[] = [
  { title: CA3_SECTIONS.operations, sections: ['taxed', 'untaxed'] },
  { title: CA3_SECTIONS.settlement, sections: ['gross', 'deductible', 'credit', 'payable'] },
]
/** The totals the form sets apart. */
const TOTALS = new Set(['16', '23', '27', '32'])

/** A whole number from the query, 0 when it is missing or not one. */
const wholeOf = (value: string | null) => (value && /^\d{1,4}$/.test(value) ? Number(value) : 0)

const opens = (box: VatDeclarationBox) =>
  box.lines.length > 0 && (!isZero(box.amount) || (box.base !== null && !isZero(box.base)))

function Section({
  section,
  boxes,
  onOpen,
}: {
  section: Ca3FormSection
  boxes: VatDeclarationBox[]
  onOpen: (box: VatDeclarationBox) => void
}) {
  const withBase = section === 'gross'
  return (
    <Table aria-label={CA3_SECTIONS[section]} fz="sm" verticalSpacing={6} highlightOnHover>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>
        {CA3_SECTIONS[section]}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={60}>{t.code}</Table.Th>
          <Table.Th>{t.label}</Table.Th>
          {withBase ? <Table.Th style={amountStyle}>{t.base}</Table.Th> : null}
          <Table.Th style={amountStyle}>{t.amount}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {boxes.map((box) => {
          const strong = TOTALS.has(box.code) ? 700 : undefined
          return (
            <Table.Tr key={box.code}>
              <Table.Td fw={600}>{box.code}</Table.Td>
              <Table.Td fw={strong}>
                {opens(box) ? (
                  <UnstyledButton
                    fz="sm"
                    fw="inherit"
                    ta="left"
                    aria-label={t.open(box.code, box.label)}
                    onClick={() => onOpen(box)}
                    style={{ textDecoration: 'underline dotted' }}
                  >
                    {box.label}
                  </UnstyledButton>
                ) : (
                  box.label
                )}
              </Table.Td>
              {withBase ? (
                <Table.Td style={amountStyle}>{box.roundedBase ? reportAmount(box.roundedBase) : null}</Table.Td>
              ) : null}
              <Table.Td style={amountStyle} fw={strong} c={isZero(box.rounded) ? 'dimmed' : undefined}>
                {reportAmount(box.rounded)}
              </Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </Table>
  )
}

/** The 3310-CA3-SD laid out as the form: part A (operations), part B (the VAT to pay or the credit), box by box. */
function Ca3Form({ declaration }: { declaration: VatDeclarationDto }) {
  const [open, setOpen] = useState<VatDeclarationBox | null>(null)
  const empty = declaration.boxes.every((box) => box.lines.length === 0 && isZero(box.amount))
  if (empty)
    return (
      <Paper withBorder radius="md" p="xl" ta="center" style={{ borderStyle: 'dashed' }}>
        <Text c="dimmed">{t.empty}</Text>
      </Paper>
    )
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t.rounded}
      </Text>
      {PARTS.map((part) => (
        <Paper key={part.title} component="section" withBorder radius="lg" p="md" aria-label={part.title}>
          <Stack gap="md">
            <Title order={2} size="h4">
              {part.title}
            </Title>
            {part.sections.map((section) => (
              <Section
                key={section}
                section={section}
                boxes={declaration.boxes.filter((box) => box.section === section)}
                onOpen={setOpen}
              />
            ))}
          </Stack>
        </Paper>
      ))}
      <Ca3BoxModal box={open} onClose={() => setOpen(null)} />
    </Stack>
  )
}

/** A refusal says why in the server's words (no CA3 for the regime, a month that ends no quarter, a collaborator). */
function DeclarationError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && [400, 403, 409].includes(error.status)) return <ErrorState message={error.message} />
  return <ErrorState message={t.error} onRetry={onRetry} />
}

/**
 * /app/reports/taxes/declaration?year=&month= : the CA3 of a month (of a quarter, named by its last month) on screen,
 * each box opening the ledger lines behind it, and the same as a PDF.
 */
export function VatDeclarationPage() {
  const [search] = useSearchParams()
  const year = wholeOf(search.get('year'))
  const month = wholeOf(search.get('month'))
  const query = useVatDeclaration(year, month)
  const label = query.data?.period.label
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-end">
        <Stack gap={4}>
          <Anchor component={Link} to={vatReportPath(year || new Date().getFullYear())} size="sm" fw={500}>
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {t.back}
            </Group>
          </Anchor>
          <Title order={1} size="h2">
            {label ? t.title(label) : t.heading}
          </Title>
          <Text size="sm" c="dimmed">
            {t.form}
          </Text>
        </Stack>
        <DeclarationDownloadButton year={year} month={month} />
      </Group>

      {year === 0 || month === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center" style={{ borderStyle: 'dashed' }}>
          <Text c="dimmed">{t.choose}</Text>
        </Paper>
      ) : query.isPending ? (
        <ReportLoading boxes={0} />
      ) : query.isError ? (
        <DeclarationError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Ca3Form declaration={query.data} />
      )}
    </Stack>
  )
}
