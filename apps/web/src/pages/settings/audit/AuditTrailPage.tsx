import { AUDIT_CATEGORIES, AUDIT_CATEGORY_LABELS, type AuditCategory, auditMessages } from '@app/domain'
import { Box, Button, Center, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconDownload, IconShieldCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { DateField } from '../../../components/DateField'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { ErrorState } from '../../../components/ErrorState'
import { ListPagination } from '../../../components/list/ListPagination'
import { SettingsSection } from '../../../components/SettingsSection'
import { downloadExport } from '../../../lib/exportDownload'
import { toastError, toastSuccess } from '../../../lib/toast'
import { useMembers } from '../membersQueries'
import { AuditTable } from './AuditTable'
import { AUDIT_PAGE_SIZE, type AuditFilters, auditExportPath, NO_FILTERS, useAuditEvents } from './auditQuery'

const CATEGORY_OPTIONS = AUDIT_CATEGORIES.map((value) => ({ value, label: AUDIT_CATEGORY_LABELS[value] }))

/** A day typed in a filter counts once it is one ('YYYY-MM-DD'); anything else waits in its field. */
const dayOrNull = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null)

/**
 * /app/setting/audit « Journal d'audit » (owners only, like every settings page; the API refuses the others): who did
 * what, when and from where, newest first, filtered by period, member and category, and exported as CSV.
 */
export function AuditTrailPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS)
  const [page, setPage] = useState(1)
  const [exporting, setExporting] = useState(false)
  const events = useAuditEvents(filters, page)
  const members = useMembers()
  const set = (change: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...change }))
    setPage(1)
  }
  const reversed = Boolean(filters.from && filters.to && filters.from > filters.to)

  async function exportCsv() {
    setExporting(true)
    try {
      const name = await downloadExport(auditExportPath(filters), 'journal-audit.csv')
      toastSuccess(`${name} téléchargé.`)
    } catch (error) {
      toastError(error)
    } finally {
      setExporting(false)
    }
  }

  const total = events.data?.meta.total ?? 0
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))
  return (
    <Stack gap="lg">
      <Box>
        <Title order={2} size="h3">
          {auditMessages.title}
        </Title>
        <Text c="dimmed" size="sm">
          Tout ce qui a été fait dans ton entreprise, par qui, quand et d'où. Ce journal est conservé au moins six ans
          et personne ne peut le modifier.
        </Text>
      </Box>
      <SettingsSection
        title="Filtres"
        aside={
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            onClick={exportCsv}
            loading={exporting}
            disabled={reversed}
          >
            Exporter en CSV
          </Button>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <DateField label="Du" value={filters.from} onChange={(value) => set({ from: dayOrNull(value) })} clearable />
          <DateField
            label="Au"
            value={filters.to}
            onChange={(value) => set({ to: dayOrNull(value) })}
            clearable
            error={reversed ? auditMessages.periodReversed : undefined}
          />
          <Select
            label="Membre"
            placeholder="Tous les membres"
            clearable
            data={(members.data ?? []).map((member) => ({
              value: String(member.id),
              label: `${member.firstname} ${member.lastname}`.trim() || member.email,
            }))}
            value={filters.userId}
            onChange={(value) => set({ userId: value })}
          />
          <Select
            label="Catégorie"
            placeholder="Toutes les catégories"
            clearable
            data={CATEGORY_OPTIONS}
            value={filters.category}
            onChange={(value) => set({ category: value as AuditCategory | null })}
          />
        </SimpleGrid>
      </SettingsSection>
      {reversed ? null : events.isPending ? (
        <Center py="xl">
          <Loader aria-label="Chargement du journal" />
        </Center>
      ) : events.isError ? (
        <ErrorState onRetry={() => events.refetch()} />
      ) : events.data.data.length === 0 ? (
        <EmptyBlock
          icon={<IconShieldCheck />}
          title="Aucune action pour ces filtres"
          description="Change la période, le membre ou la catégorie."
        />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {total} {total > 1 ? 'actions' : 'action'}
          </Text>
          <AuditTable events={events.data.data} />
          {pages > 1 ? (
            <Group justify="center">
              <ListPagination page={page} pages={pages} onChange={setPage} />
            </Group>
          ) : null}
        </Stack>
      )}
    </Stack>
  )
}
