import { formatDateFr, type IsoDate, messages } from '@app/domain'
import { Button, Group, Text } from '@mantine/core'
import { IconFileText, IconPlus } from '@tabler/icons-react'
import { Link } from 'react-router'
import { documentParamsSchema } from '../../components/documents/documentParams'
import { useQuoteStates, useQuotes } from '../../components/documents/documentQueries'
import { DocumentListItem, DocumentRowBody } from '../../components/documents/documentUi'
import { QuoteRowMenu, useQuoteActions } from '../../components/documents/quotes/QuoteActions'
import { EmptyBlock } from '../../components/EmptyBlock'
import { ListBody, ListPage } from '../../components/list/ListPage'
import { groupByMonth } from '../../lib/grouping'
import { useListParams } from '../../lib/useListParams'
import { QuoteDetailsDrawer } from './QuoteDetailsDrawer'
import { QuoteStateSwitcher } from './QuoteStateSwitcher'

const ALL = 'ALL'

/** /app/sales/quotes: Tous plus one tab per state, rows grouped by month with the state switcher, the drawer. */
export function QuotesPage() {
  const list = useListParams(documentParamsSchema, { display: 'quotes' })
  const { params, set } = list
  const query = useQuotes({ page: params.page, pageSize: params.pageSize, search: params.search, state: params.status })
  const states = useQuoteStates()
  const openId = params.open && /^\d+$/.test(params.open) ? Number(params.open) : null
  const closeDrawer = () => set({ open: undefined, page: params.page })
  const actions = useQuoteActions({ onDeleted: (id) => id === openId && closeDrawer() })

  const tabs = [
    { value: ALL, label: 'Tous' },
    ...(states.data ?? []).map((state) => ({ value: state.code, label: state.name })),
  ]
  const tabState = states.data?.find((state) => state.code === params.status)
  // The state tab has its own empty text ('Aucun devis gagné'); a search still gives 'Aucun résultat'.
  const bodyList = { ...list, activeFilters: list.activeFilters - (tabState ? 1 : 0) }

  return (
    <>
      <ListPage
        title="Devis"
        count={query.data?.meta.total}
        list={list}
        tabs={tabs}
        tab={tabState ? tabState.code : ALL}
        onTabChange={(value) => set({ status: value === ALL ? undefined : value })}
        action={
          <Button component={Link} to="/app/sales/quotes/new" leftSection={<IconPlus size={16} />}>
            Nouveau devis
          </Button>
        }
      >
        <ListBody
          query={query}
          list={bodyList}
          keyOf={(quote) => quote.id}
          group={(items) => groupByMonth(items, (quote) => quote.datedAt)}
          empty={
            <EmptyBlock
              icon={<IconFileText size={20} />}
              title={messages.documents.noQuote(tabState ? tabState.name.toLowerCase() : '')}
            />
          }
          renderItem={(quote, view) => (
            <DocumentListItem
              view={view}
              label={quote.name}
              onOpen={() => set({ open: String(quote.id), page: params.page })}
              actions={
                <>
                  <Group w={view === 'list' ? 150 : undefined} justify="flex-end" wrap="nowrap">
                    <QuoteStateSwitcher quote={quote} />
                  </Group>
                  <QuoteRowMenu quote={quote} actions={actions} />
                </>
              }
            >
              <DocumentRowBody
                model="quotes"
                doc={quote}
                view={view}
                withState={false}
                extra={
                  <Text size="xs" c="dimmed">
                    Valable jusqu'au {formatDateFr(quote.paymentLimitAt.slice(0, 10) as IsoDate)}
                  </Text>
                }
              />
            </DocumentListItem>
          )}
        />
      </ListPage>
      <QuoteDetailsDrawer id={openId} onClose={closeDrawer} actions={actions} />
      {actions.dialogs}
    </>
  )
}
