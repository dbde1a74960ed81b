import { canQuote, type QuoteStateCode } from '@app/domain'
import { Menu, UnstyledButton } from '@mantine/core'
import { IconCheck, IconChevronDown } from '@tabler/icons-react'
import { DocumentStateBadge } from '../../components/documents/DocumentStateBadge'
import { useChangeQuoteState, useQuoteStates } from '../../components/documents/documentQueries'
import { toastActionError } from '../../components/documents/documentUi'
import { toastSuccess } from '../../lib/toast'

type SwitchableQuote = {
  id: number
  name: string
  contactId: number | null
  invoiceId: number | null
  state: { id: number; code: string; name: string; color: string }
}

/**
 * The state dropdown (spec/sales.md §4): every quote state, the current one disabled; shown only once the states are
 * loaded and when the quote has a contact. Otherwise the badge alone.
 */
export function QuoteStateSwitcher({ quote }: { quote: SwitchableQuote }) {
  const states = useQuoteStates()
  const change = useChangeQuoteState()
  const allowed = canQuote('changeState', {
    stateCode: quote.state.code as QuoteStateCode,
    hasContact: quote.contactId !== null,
    linesCount: 0,
    hasFinalInvoice: quote.invoiceId !== null,
  })
  if (!allowed || !states.data) return <DocumentStateBadge state={quote.state} />
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Changer l'état de ${quote.name} (${quote.state.name})`}
          disabled={change.isPending}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
        >
          <DocumentStateBadge state={quote.state} />
          <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {states.data.map((state) => (
          <Menu.Item
            key={state.id}
            disabled={state.id === quote.state.id}
            rightSection={state.id === quote.state.id ? <IconCheck size={14} /> : null}
            onClick={() =>
              change.mutate(
                { id: quote.id, stateId: state.id },
                { onSuccess: () => toastSuccess(), onError: toastActionError },
              )
            }
          >
            {state.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
