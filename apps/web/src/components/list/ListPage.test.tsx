import { useQuery } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { groupByLetter } from '../../lib/grouping'
import { listParamsSchema } from '../../lib/listParams'
import { useListParams } from '../../lib/useListParams'
import { renderPage, stubApi } from '../test-utils'
import { ListBody, type ListData, ListPage, ListRow } from './ListPage'

type Row = { id: number; name: string }

function Demo({ rows, total, fail = false }: { rows: Row[]; total: number; fail?: boolean }) {
  const list = useListParams(listParamsSchema)
  const query = useQuery({
    queryKey: ['demo', fail, list.params.page, list.params.search],
    queryFn: async (): Promise<ListData<Row>> => {
      if (fail) throw new Error('boom')
      return { data: rows, meta: { total, page: list.params.page, pageSize: list.params.pageSize } }
    },
  })
  return (
    <ListPage title="Démo" count={query.data?.meta.total} list={list}>
      <ListBody
        query={query}
        list={list}
        keyOf={(row) => row.id}
        empty="Rien ici."
        group={(items) => groupByLetter(items, (row) => row.name)}
        renderItem={(row) => (
          <ListRow label={row.name} onOpen={() => {}}>
            {row.name}
          </ListRow>
        )}
      />
    </ListPage>
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ListPage', () => {
  it('shows the page own empty text, or "Aucun résultat" once a filter is on', async () => {
    stubApi([{ path: '/me', status: 401, body: { message: 'x', code: 'UNAUTHENTICATED' } }])
    const { router } = renderPage(<Demo rows={[]} total={0} />)
    expect(await screen.findByText('Rien ici.')).toBeTruthy()
    await router.navigate('/?open=3')
    expect(await screen.findByText('Rien ici.')).toBeTruthy()
    await router.navigate('/?search=zz')
    expect(await screen.findByText('Aucun résultat')).toBeTruthy()
  })

  it('shows the error state', async () => {
    stubApi([{ path: '/me', status: 401, body: { message: 'x', code: 'UNAUTHENTICATED' } }])
    renderPage(<Demo rows={[]} total={0} fail />)
    expect(await screen.findByText('Une erreur est survenue')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy()
  })

  it('paginates through ?page and resets every parameter with the active-filter count', async () => {
    stubApi([{ path: '/me', status: 401, body: { message: 'x', code: 'UNAUTHENTICATED' } }])
    const rows = [
      { id: 1, name: 'Alpha' },
      { id: 2, name: 'Bravo' },
    ]
    const { router } = renderPage(<Demo rows={rows} total={60} />, { route: '/?search=a&view=grid&open=2' })
    expect(await screen.findByRole('region', { name: 'B' })).toBeTruthy()
    expect(screen.getByLabelText('60 au total')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&search=a&view=grid&open=2'))
    const reset = screen.getByRole('button', { name: 'Réinitialiser les filtres (2 actifs)' })
    fireEvent.click(reset)
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByRole('button', { name: /Réinitialiser les filtres/ })).toBeNull()
  })

  it('debounces the search into the URL and goes back to page 1', async () => {
    stubApi([{ path: '/me', status: 401, body: { message: 'x', code: 'UNAUTHENTICATED' } }])
    const { router } = renderPage(<Demo rows={[{ id: 1, name: 'Alpha' }]} total={1} />, { route: '/?page=2' })
    fireEvent.change(await screen.findByRole('textbox', { name: 'Rechercher' }), { target: { value: 'alp' } })
    expect(router.state.location.search).toBe('?page=2')
    await waitFor(() => expect(router.state.location.search).toBe('?search=alp'))
  })
})
