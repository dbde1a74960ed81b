import { MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ListPagination, pageWindow } from './ListPagination'

afterEach(cleanup)

const numbers = () => screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => Number(button.textContent))

describe('The pagination window', () => {
  it('shows every page up to 9, then 9 consecutive pages around the current one, slid against the ends', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(pageWindow(6, 20)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(pageWindow(10, 20)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14])
    expect(pageWindow(18, 20)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20])
    expect(pageWindow(20, 20)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20])
  })

  it('shows 9 page numbers of 40 pages, the current one marked, and the ends one click away', () => {
    const onChange = vi.fn()
    render(
      <MantineProvider env="test">
        <ListPagination page={20} pages={40} onChange={onChange} />
      </MantineProvider>,
    )
    expect(numbers()).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24])
    expect(screen.getByRole('button', { name: 'Page 20' }).getAttribute('aria-current')).toBe('page')
    fireEvent.click(screen.getByRole('button', { name: 'Page 23' }))
    fireEvent.click(screen.getByRole('button', { name: 'Dernière page' }))
    fireEvent.click(screen.getByRole('button', { name: 'Première page' }))
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }))
    fireEvent.click(screen.getByRole('button', { name: 'Page précédente' }))
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([23, 40, 1, 21, 19])
  })
})
