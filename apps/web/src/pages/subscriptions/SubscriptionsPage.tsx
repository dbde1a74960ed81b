import { messages } from '@app/domain'
import { Button } from '@mantine/core'
import { IconPlus, IconRepeat } from '@tabler/icons-react'
import { Link, useNavigate } from 'react-router'
import { z } from 'zod'
import { EmptyBlock } from '../../components/EmptyBlock'
import { ListBody, ListPage, ListRow } from '../../components/list/ListPage'
import { RecurringGate } from '../../components/subscriptions/RecurringUpsell'
import { subscriptionTexts } from '../../components/subscriptions/subscriptionTexts'
import { listParamsSchema } from '../../lib/listParams'
import { useListParams } from '../../lib/useListParams'
import { SUBSCRIPTIONS_BASE, SubscriptionRowMenu, useSubscriptionActions } from './SubscriptionActions'
import { SubscriptionRowBody } from './SubscriptionRow'
import { ARCHIVED, useSubscriptions } from './subscriptionQueries'

/** The list's parameters plus the tab: status=ARCHIVED for "Archivée" (spec/sales.md §2), none for "Toutes". */
const subscriptionParamsSchema = listParamsSchema.extend({
  status: z.literal(ARCHIVED).optional().catch(undefined),
})

const ALL = 'ALL'
const TABS = [
  { value: ALL, label: subscriptionTexts.allTab },
  { value: ARCHIVED, label: subscriptionTexts.archivedTab },
]

/** /app/sales/subscriptions: the recurring invoices, or the upsell on a plan without them. */
export function SubscriptionsPage() {
  return (
    <RecurringGate>
      <SubscriptionList />
    </RecurringGate>
  )
}

function SubscriptionList() {
  const navigate = useNavigate()
  const list = useListParams(subscriptionParamsSchema)
  const { params, set } = list
  const archived = params.status === ARCHIVED
  const query = useSubscriptions({ page: params.page, pageSize: params.pageSize, search: params.search, archived })
  const actions = useSubscriptionActions()
  // The tab has its own empty text; a search still gives 'Aucun résultat'.
  const bodyList = { ...list, activeFilters: list.activeFilters - (archived ? 1 : 0) }

  return (
    <>
      <ListPage
        title={messages.recurring.title}
        count={query.data?.meta.total}
        list={list}
        tabs={TABS}
        tab={archived ? ARCHIVED : ALL}
        onTabChange={(value) => set({ status: value === ARCHIVED ? ARCHIVED : undefined })}
        withViewToggle={false}
        action={
          <Button component={Link} to={`${SUBSCRIPTIONS_BASE}/new`} leftSection={<IconPlus size={16} />}>
            {messages.recurring.newButton}
          </Button>
        }
      >
        <ListBody
          query={query}
          list={bodyList}
          keyOf={(doc) => doc.id}
          empty={
            <EmptyBlock
              icon={<IconRepeat size={20} />}
              title={archived ? messages.recurring.emptyArchived : messages.recurring.empty}
            />
          }
          renderItem={(doc) => (
            <ListRow
              label={doc.name}
              onOpen={() => navigate(`${SUBSCRIPTIONS_BASE}/${doc.id}`)}
              actions={<SubscriptionRowMenu doc={doc} actions={actions} />}
            >
              <SubscriptionRowBody doc={doc} />
            </ListRow>
          )}
        />
      </ListPage>
      {actions.dialogs}
    </>
  )
}
