import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmModal } from './ConfirmModal'
import { renderPage } from './test-utils'

afterEach(cleanup)

describe('ConfirmModal', () => {
  it('is a dialog named by its question, with the spec texts by default, and confirms or cancels', async () => {
    const onConfirm = vi.fn()
    const onClose = vi.fn()
    renderPage(<ConfirmModal opened onClose={onClose} onConfirm={onConfirm} />)
    const dialog = await screen.findByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer cette entrée ?' })
    expect(dialog.textContent).toContain('Cette action est irréversible !')
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
