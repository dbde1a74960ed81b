import { MantineProvider } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ItemList, ItemRow, QueryList, RemoveButton } from './ItemList'

type Item = { id: number; name: string }

const query = (state: Partial<UseQueryResult<Item[]>>) => state as UseQueryResult<Item[]>

function renderList(state: Partial<UseQueryResult<Item[]>>, onRemove = vi.fn()) {
  render(
    <MantineProvider env="test">
      <QueryList query={query(state)} empty={<p>Rien ici</p>}>
        {(items) => (
          <ItemList>
            {items.map((item) => (
              <ItemRow
                key={item.id}
                action={<RemoveButton tooltip="Supprimer" label={`Supprimer ${item.name}`} onClick={onRemove} />}
              >
                {item.name}
              </ItemRow>
            ))}
          </ItemList>
        )}
      </QueryList>
    </MantineProvider>,
  )
}

afterEach(cleanup)

describe('QueryList', () => {
  it('stands skeletons for the list while it loads', () => {
    renderList({ isPending: true })
    expect(screen.getByLabelText('Chargement').getAttribute('aria-busy')).toBe('true')
  })

  it('offers to try again when the list cannot be loaded', () => {
    const refetch = vi.fn()
    renderList({ isPending: false, isError: true, refetch })
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(refetch).toHaveBeenCalled()
  })

  it('shows the empty state, then the rows with their remove button', () => {
    renderList({ isPending: false, isError: false, data: [] })
    expect(screen.getByText('Rien ici')).toBeTruthy()
    cleanup()

    const onRemove = vi.fn()
    renderList({ isPending: false, isError: false, data: [{ id: 1, name: 'Premier' }] }, onRemove)
    expect(screen.getByRole('listitem').textContent).toBe('Premier')
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Premier' }))
    expect(onRemove).toHaveBeenCalled()
  })
})
