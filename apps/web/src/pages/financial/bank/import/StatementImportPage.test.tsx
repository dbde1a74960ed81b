import { messages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../../components/test-utils'
import { journal, stubJournalsApi } from '../../../../test-support/fakeJournalsApi'
import { frenchCsvPreview, stubStatementServer } from './fakeStatementServer'
import { StatementImportPage } from './StatementImportPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const pro = journal({ id: 1, name: 'Compte pro', code: 'BQ1', isActive: true })
const livret = journal({ id: 2, name: 'Livret', code: 'BQ2', isActive: false, isDefault: false })

const fileInput = () => screen.findByLabelText('Choisir des relevés')

const drop = async (...files: File[]) => fireEvent.change(await fileInput(), { target: { files } })

const statement = (name: string, content = 'OFXHEADER:100') => new File([content], name)

/** The outcome of one file, in the list of imported statements. */
const outcome = async (fileName: string) =>
  within(
    await within(await screen.findByRole('region', { name: 'Relevés importés' })).findByRole('listitem', {
      name: fileName,
    }),
  )

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }))
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

describe('StatementImportPage', () => {
  it('imports a statement into the active account and says what it added; the same file again adds nothing', async () => {
    stubJournalsApi([livret, pro])
    const requests = stubStatementServer({ lines: { 'releve-aout.ofx': 69 } })
    renderPage(<StatementImportPage />)
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Compte bancaire' }) as HTMLInputElement).value).toBe(
        'Compte pro (BQ1)',
      ),
    )

    await drop(statement('releve-aout.ofx'))
    expect(
      await (await outcome('releve-aout.ofx')).findByText('69 transactions importées, 0 doublon ignoré, 0 catégorisée'),
    ).toBeTruthy()
    expect(requests[0]?.path).toBe('/journals/1/imports')
    expect(requests[0]?.mapping).toBeUndefined()
    expect(screen.getByRole('link', { name: 'Voir les transactions' }).getAttribute('href')).toBe('/app/financial/bank')

    // A second drop on the same visit: the server recognises every line.
    await drop(statement('releve-aout.ofx'))
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: 'releve-aout.ofx' })).toHaveLength(2))
    expect(screen.getAllByRole('listitem', { name: 'releve-aout.ofx' })[0]?.textContent).toContain(
      '0 transaction importée, 69 doublons ignorés, 0 catégorisée',
    )
  })

  it('imports several dropped files one after the other into the chosen account', async () => {
    stubJournalsApi([pro, livret])
    const requests = stubStatementServer({ lines: { 'janvier.qif': 1, 'fevrier.ofx': 12 } })
    renderPage(<StatementImportPage />)
    await screen.findByRole('combobox', { name: 'Compte bancaire' })
    await choose('Compte bancaire', 'Livret (BQ2) · inactif')
    await drop(statement('janvier.qif'), statement('fevrier.ofx'))
    expect(await (await outcome('janvier.qif')).findByText(/^1 transaction importée/)).toBeTruthy()
    expect(await (await outcome('fevrier.ofx')).findByText(/^12 transactions importées/)).toBeTruthy()
    expect(requests.map((request) => [request.path, request.fileName])).toEqual([
      ['/journals/2/imports', 'janvier.qif'],
      ['/journals/2/imports', 'fevrier.ofx'],
    ])
  })

  it('shows how much of a large file has been sent', async () => {
    stubJournalsApi([pro])
    let release = () => {}
    const hold = new Promise<void>((resolve) => {
      release = resolve
    })
    stubStatementServer({ lines: { 'annee.ofx': 5000 }, hold, steps: [0.42] })
    renderPage(<StatementImportPage />)
    await drop(statement('annee.ofx'))
    const bar = await screen.findByRole('progressbar', { name: 'Envoi de annee.ofx' })
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('42'))
    expect(screen.getByText('42 %')).toBeTruthy()
    release()
    expect(await (await outcome('annee.ofx')).findByText(/^5000 transactions importées/)).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('goes through the column mapping of a CSV and sends the file with the mapping chosen', async () => {
    stubJournalsApi([pro])
    const requests = stubStatementServer({ lines: { 'export.csv': 2 } })
    renderPage(<StatementImportPage />)
    await drop(statement('export.csv', 'Date opération;Libellé;Débit;Crédit'))

    const step = within(await screen.findByRole('region', { name: 'Correspondance des colonnes' }))
    expect(requests[0]?.path).toBe('/journals/1/imports/preview')
    // The server's suggestion, over the file's first rows and the lines it reads.
    expect((step.getByRole('combobox', { name: 'Colonne de la date' }) as HTMLInputElement).value).toBe(
      'Date opération',
    )
    expect(step.getByRole('table', { name: 'Premières lignes du fichier' }).textContent).toContain('VIR CLIENT DUPONT')
    expect(step.getByRole('table', { name: 'Lignes telles qu’elles seront importées' }).textContent).toContain('-42,10')

    // Debit and credit in two columns, as this bank exports them.
    fireEvent.click(step.getByRole('radio', { name: 'Débit et crédit séparés' }))
    expect((step.getByRole('combobox', { name: 'Colonne du débit' }) as HTMLInputElement).value).toBe('Débit')
    expect((step.getByRole('combobox', { name: 'Colonne du crédit' }) as HTMLInputElement).value).toBe('Crédit')
    await choose('Format des dates', 'JJ/MM/AAAA (31/01/2026)')
    fireEvent.click(step.getByRole('button', { name: 'Importer' }))

    expect(await (await outcome('export.csv')).findByText(/^2 transactions importées/)).toBeTruthy()
    const sent = requests.find((request) => request.path === '/journals/1/imports')
    expect(sent?.mapping).toEqual({
      ...frenchCsvPreview.mapping,
      dateFormat: 'DD/MM/YYYY',
      amount: { debitColumn: 2, creditColumn: 3 },
    })
    expect(screen.queryByRole('region', { name: 'Correspondance des colonnes' })).toBeNull()
  })

  it('reads the file again with the mapping as it changes, and says when no line reads', async () => {
    stubJournalsApi([pro])
    // With a comma, this semicolon file is one column of text and no line reads.
    const requests = stubStatementServer({
      preview: (mapping) =>
        mapping?.delimiter === ','
          ? {
              ...frenchCsvPreview,
              header: ['Date opération;Libellé;Débit;Crédit'],
              rows: [['2026-04-02;PRLV EDF;42,10;']],
              lines: [],
            }
          : frenchCsvPreview,
    })
    renderPage(<StatementImportPage />)
    await drop(statement('export.csv'))
    const step = within(await screen.findByRole('region', { name: 'Correspondance des colonnes' }))
    await choose('Séparateur de colonnes', 'Virgule ( , )')
    expect(await step.findByText(/Aucune ligne ne se lit ainsi/)).toBeTruthy()
    const reread = requests.filter((request) => request.path === '/journals/1/imports/preview').at(-1)
    expect(reread?.mapping).toEqual({ ...frenchCsvPreview.mapping, delimiter: ',' })
    expect(reread?.fileName).toBe('export.csv')
  })

  it('starts the next CSV of the account from the mapping remembered with the previous one', async () => {
    stubJournalsApi([pro])
    stubStatementServer({ lines: { 'mars.csv': 2, 'avril.csv': 3 } })
    renderPage(<StatementImportPage />)
    await drop(statement('mars.csv'))
    const first = within(await screen.findByRole('region', { name: 'Correspondance des colonnes' }))
    fireEvent.click(first.getByRole('radio', { name: 'Débit et crédit séparés' }))
    fireEvent.click(first.getByRole('button', { name: 'Importer' }))
    await outcome('mars.csv')

    await drop(statement('avril.csv'))
    const second = within(await screen.findByRole('region', { name: 'Correspondance des colonnes' }))
    expect((second.getByRole('combobox', { name: 'Colonne du crédit' }) as HTMLInputElement).value).toBe('Crédit')
  })

  it('shows the server’s message naming what is wrong in a bad file, and imports the next one', async () => {
    const message = 'Ligne 12 : la date « 31/02/2026 » n’existe pas.'
    stubJournalsApi([pro])
    stubStatementServer({
      lines: { 'bon.ofx': 3 },
      refuse: {
        'casse.ofx': { status: 422, body: { message, code: 'STATEMENT_INVALID', errors: { file: [message] } } },
      },
    })
    renderPage(<StatementImportPage />)
    await drop(statement('casse.ofx'), statement('bon.ofx'))
    expect((await (await outcome('casse.ofx')).findByRole('alert')).textContent).toBe(message)
    expect(await (await outcome('bon.ofx')).findByText(/^3 transactions importées/)).toBeTruthy()
  })

  it('keeps the mapping step open with the server’s message when the mapping does not read the file', async () => {
    const message = 'Ligne 3 : le montant « abc » n’est pas un nombre.'
    stubJournalsApi([pro])
    stubStatementServer({
      refuseImport: {
        'export.csv': { status: 422, body: { message, code: 'STATEMENT_INVALID', errors: { file: [message] } } },
      },
    })
    renderPage(<StatementImportPage />)
    await drop(statement('export.csv'))
    const step = within(await screen.findByRole('region', { name: 'Correspondance des colonnes' }))
    fireEvent.click(step.getByRole('button', { name: 'Importer' }))
    expect((await step.findByRole('alert')).textContent).toContain(message)
    fireEvent.click(step.getByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Correspondance des colonnes' })).toBeNull())
    expect(screen.queryByRole('region', { name: 'Relevés importés' })).toBeNull()
  })

  it('shows the server’s 413 message for a file over its limit', async () => {
    const message = 'Ton fichier n°1 est trop volumineux ! (Taille max: 20 Mo)'
    stubJournalsApi([pro])
    stubStatementServer({ refuse: { 'gros.ofx': { status: 413, body: { message, code: 'PAYLOAD_TOO_LARGE' } } } })
    renderPage(<StatementImportPage />)
    await drop(statement('gros.ofx'))
    expect((await (await outcome('gros.ofx')).findByRole('alert')).textContent).toBe(message)
  })

  it('refuses a file over 20 Mo with the same message without sending it', async () => {
    stubJournalsApi([pro])
    const requests = stubStatementServer({})
    renderPage(<StatementImportPage />)
    const huge = statement('annee.csv')
    Object.defineProperty(huge, 'size', { value: 20_000_001 })
    await drop(huge)
    expect((await (await outcome('annee.csv')).findByRole('alert')).textContent).toBe(
      messages.files.tooLarge(1, '20 Mo'),
    )
    expect(requests).toHaveLength(0)
  })

  it('says there is no bank account yet, with the way to create one', async () => {
    stubJournalsApi([])
    renderPage(<StatementImportPage />)
    expect(await screen.findByText(messages.empty.noBank)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ajouter un compte bancaire' }).getAttribute('href')).toBe(
      '/app/setting/financial',
    )
    expect(screen.queryByLabelText('Choisir des relevés')).toBeNull()
  })
})
