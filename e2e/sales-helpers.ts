import { expect, type Locator, type Page } from '@playwright/test'
import { choose, signUpThroughPages } from './helpers'

/** Today in Europe/Paris as the app sees it: { iso: 'YYYY-MM-DD', fr: 'DD/MM/YYYY', year: 'YYYY' }. */
export function parisToday() {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date())
  const [year = '', month = '', day = ''] = iso.split('-')
  return { iso, fr: `${day}/${month}/${year}`, year }
}

/** Cents written the French way, as the pages show money: 123456 → "1 234,56 €" (spaces as plain spaces). */
export function euros(cents: number) {
  const negative = cents < 0
  const abs = Math.abs(cents)
  const integer = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  return `${negative ? '-' : ''}${integer},${String(abs % 100).padStart(2, '0')} €`
}

/** Half-up rounding to the cent of an amount given in hundredths of a cent (exact integers, no float drift). */
export const roundCents = (hundredthsOfCent: number) =>
  Math.sign(hundredthsOfCent) * Math.round(Math.abs(hundredthsOfCent) / 100)

/** Setup that is not the point of a journey, through the API with the browser's session; returns the answer's data. */
export async function apiSend<T>(page: Page, method: 'post' | 'patch', path: string, data: unknown = {}): Promise<T> {
  const response = await page.request[method](`/api/v1${path}`, { data, headers: { 'X-Requested-With': 'fetch' } })
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true)
  return ((await response.json()) as { data: T }).data
}

/** A customer made through the API with its billing address, which an invoice needs to be validated. */
export async function apiCustomer(page: Page, body: Record<string, unknown>): Promise<{ id: number }> {
  const contact = await apiSend<{ id: number }>(page, 'post', '/contacts?relation=customer', body)
  await apiSend(page, 'post', '/addresses', {
    addressableType: 'contact',
    addressableId: contact.id,
    addressTypeId: 1,
    street: '12 rue des Lilas',
    postcode: '34000',
    city: 'Montpellier',
    countryId: 71,
  })
  return contact
}

/** Setup through the API: a validated invoice of services at 20 % (`amountHt` HT) to a new customer with its address. */
export async function apiValidatedInvoice(
  page: Page,
  invoice: { customer: string; name: string; amountHt: string; datedAt: string },
): Promise<{ id: number; contactId: number }> {
  const customer = await apiCustomer(page, { contactTypeId: 2, name: invoice.customer })
  const draft = await apiSend<{ id: number }>(page, 'post', '/invoices', {
    name: invoice.name,
    contactId: customer.id,
    datedAt: invoice.datedAt,
    paymentLimit: 30,
    lines: [{ name: 'Conseil', type: 'SERVICE', quantity: '1', amount: invoice.amountHt, unitId: 1, taxId: 1 }],
  })
  await apiSend(page, 'post', `/invoices/${draft.id}/validate`)
  return { id: draft.id, contactId: customer.id }
}

/**
 * Setup through the API: an invoice of services validated on `datedAt` for a new customer, paid by a transfer of
 * `received` (its TTC) that day on a new bank account, which is returned for what comes next.
 */
export async function invoicePaidByTransfer(
  page: Page,
  invoice: { customer: string; name: string; amountHt: string; received: string; datedAt: string },
) {
  const draft = await apiValidatedInvoice(page, invoice)
  const bank = await apiSend<{ id: number }>(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  const transfer = await apiSend<{ id: number }>(page, 'post', '/transactions', {
    journalId: bank.id,
    name: `VIR ${invoice.customer.toUpperCase()}`,
    datedAt: invoice.datedAt,
    amount: invoice.received,
  })
  await apiSend(page, 'post', `/transactions/${transfer.id}/invoices`, { invoiceId: draft.id })
  return { bankId: bank.id }
}

/**
 * The legal information issuing a quote or an invoice needs (else 409 LEGAL_INFO_REQUIRED and the legal-info page),
 * through the API: SIREN, address and, for a company that charges VAT, its VAT number.
 */
export async function completeLegalInfo(page: Page, options: { taxFree: boolean }) {
  await apiSend(page, 'patch', '/organization', {
    registrySiren: '732829320',
    ...(options.taxFree ? {} : { registryIntra: 'FR44732829320' }),
    address: { street: '12 rue de la Paix', postcode: '75002', city: 'Paris' },
  })
}

/**
 * Sign-up through the pages for a company subject to VAT (SAS, monthly "réel normal"), ending on the dashboard, its
 * legal information then completed through the API so that it may issue quotes and invoices.
 */
export async function signUpSubjectToVat(page: Page, email: string, firstname = 'Camille') {
  await signUpThroughPages(page, email, firstname, {
    legalForm: 'Société par actions simplifiée',
    taxRegime: /mensuel/i,
  })
  await completeLegalInfo(page, { taxFree: false })
}

/** The sales setting hasDiscounts, through the API. */
export async function enableDiscounts(page: Page) {
  await apiSend(page, 'patch', '/settings', { hasDiscounts: true })
}

/** An individual customer created from the Clients page. */
export async function createCustomer(page: Page, name: string) {
  await page.getByRole('link', { name: 'Clients' }).click()
  await expect(page).toHaveURL(/\/app\/sales\/customers$/)
  await page.getByRole('button', { name: 'Nouveau client' }).click()
  const drawer = page.getByRole('dialog', { name: 'Nouveau client' })
  await drawer
    .locator('label')
    .filter({ hasText: /^Particulier$/ })
    .click()
  await drawer.getByRole('textbox', { name: /^Nom et Prénom/ }).fill(name)
  // An invoice is validated only for a customer with a billing address (its mandatory mention).
  await drawer.getByRole('button', { name: 'Ajouter une adresse' }).click()
  const addressDrawer = page.getByRole('dialog', { name: 'Nouvelle adresse' })
  await addressDrawer.getByRole('textbox', { name: /^Rue/ }).fill('12 rue des Lilas')
  await addressDrawer.getByRole('textbox', { name: /^Code postal/ }).fill('34000')
  await addressDrawer.getByRole('textbox', { name: /^Ville/ }).fill('Montpellier')
  await addressDrawer.getByRole('button', { name: 'Valider' }).click()
  await expect(drawer.getByText('34000 Montpellier')).toBeVisible()
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Enregistré avec succès.').first()).toBeVisible()
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible()
}

export type LineInput = {
  name: string
  quantity: string
  price: string
  /** The VAT option as the list names it: /^20\s%/ ("20 % · taux normal"), /^5,5\s%/. */
  vat?: RegExp
  /** A line discount in euros. */
  discount?: string
}

/** Adds a free line ("Ajouter une ligne libre") and fills it; returns the line's group. */
export async function addFreeLine(page: Page, index: number, line: LineInput): Promise<Locator> {
  await page.getByRole('button', { name: 'Ajouter une ligne libre' }).click()
  const group = page.getByRole('group', { name: `Ligne ${index + 1}`, exact: true })
  await group.getByRole('textbox', { name: 'Désignation' }).fill(line.name)
  await group.getByRole('textbox', { name: 'Quantité' }).fill(line.quantity)
  await group.getByRole('textbox', { name: 'Prix unitaire HT' }).fill(line.price)
  await group.getByRole('textbox', { name: 'Prix unitaire HT' }).blur()
  if (line.vat) {
    await group
      .getByRole('textbox', { name: 'TVA' })
      .or(group.getByRole('combobox', { name: 'TVA' }))
      .click()
    await page.getByRole('option', { name: line.vat }).first().click()
  }
  if (line.discount) {
    await group.getByRole('textbox', { name: 'Remise en euros' }).fill(line.discount)
    await group.getByRole('textbox', { name: 'Remise en euros' }).blur()
  }
  return group
}

/** Opens the "…" menu of a list row and clicks one of its entries (the menu loads the document first). */
export async function rowAction(page: Page, documentName: string, action: string) {
  await page.getByRole('button', { name: `Actions pour ${documentName}`, exact: true }).click()
  const menu = page.getByRole('menu', { name: `Actions pour ${documentName}`, exact: true })
  await menu.getByRole('menuitem', { name: action, exact: true }).click()
  // The menu stays in the page while it fades out, and its items follow the row's new state: a busy
  // machine can still show them when the next step opens another menu with the same items.
  await expect(menu).toBeHidden()
}

/** A list row's clickable body (its accessible name is the document's name; its text has the reference, state…). */
export const row = (page: Page, documentName: string) => page.getByRole('button', { name: documentName, exact: true })

/** The id at the end of the current URL (/app/sales/invoices/{id}). */
export function idFromUrl(page: Page) {
  const id = /\/(\d+)(?:\/show)?(?:\?.*)?$/.exec(new URL(page.url()).pathname)?.[1]
  if (!id) throw new Error(`no id in ${page.url()}`)
  return Number(id)
}

/** GET /api/v1/{path} with the browser's session (reading amounts the pages also show). */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: T }).data
}

/** A confirmation dialog (the shared ConfirmModal), named by its question. */
export const confirmation = (page: Page, question: string) => page.getByRole('dialog', { name: question, exact: true })

/** "Valider" from a list row: the confirmation asks `question` (and says `consequence`), then closes once confirmed. */
export async function validateFromRow(page: Page, documentName: string, question: string, consequence?: string) {
  await rowAction(page, documentName, 'Valider')
  const dialog = confirmation(page, question)
  if (consequence) await expect(dialog).toContainText(consequence)
  await dialog.getByRole('button', { name: 'Valider' }).click()
  await expect(dialog).toBeHidden()
}

/** The two kinds of sales documents: their list's menu link and their "new" link, as the pages name them. */
const DOCUMENTS = {
  invoices: { list: 'Factures', create: 'Nouvelle facture' },
  quotes: { list: 'Devis', create: 'Nouveau devis' },
} as const
export type DocumentKind = keyof typeof DOCUMENTS

/** Opens the kind's list from the menu, then a new document's editor, and fills its customer and title. */
export async function newDocument(
  page: Page,
  kind: DocumentKind,
  { customer, title }: { customer: string; title: string },
) {
  await page.getByRole('link', { name: DOCUMENTS[kind].list, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/app/sales/${kind}$`))
  await page.getByRole('link', { name: DOCUMENTS[kind].create }).click()
  await expect(page).toHaveURL(new RegExp(`/app/sales/${kind}/new$`))
  await choose(page, 'Client', customer)
  await page.getByRole('textbox', { name: /^Titre/ }).fill(title)
}

/** "Enregistrer" in the editor: the success toast, then the editor's own URL; returns the document's id. */
export async function saveDocument(page: Page, kind: DocumentKind) {
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Enregistré avec succès.').first()).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/app/sales/${kind}/\\d+$`))
  // The editor starts again on the saved document's route: wait for it, so that the next click is not lost in the swap.
  await expect(page.getByText(/^Dernière mise à jour le/)).toBeVisible()
  return idFromUrl(page)
}

/** "Retour à la liste" from the editor, back on the kind's list. */
export async function backToList(page: Page, kind: DocumentKind) {
  await page.getByRole('link', { name: 'Retour à la liste' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/sales/${kind}$`))
}
