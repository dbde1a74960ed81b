import { expect, type Page, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'

const WRITE = { 'X-Requested-With': 'fetch' }
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
]

/** A day counted from today in Paris (the server's calendar), as YYYYMMDD and as its month heading. */
function parisDay(offset: number) {
  const day = new Date(Date.now() + offset * 86_400_000)
  const [year, month, date] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' })
    .format(day)
    .split('-')
    .map(Number) as [number, number, number]
  const pad = (value: number) => String(value).padStart(2, '0')
  return { ofx: `${year}${pad(month)}${pad(date)}`, month: `${MONTHS[month - 1]} ${year}` }
}

type Line = { offset: number; amount: string; label: string }

/** A small OFX 1.x statement (SGML), one FITID per line. */
function statement(lines: Line[]) {
  const body = lines
    .map(
      (line, index) =>
        `<STMTTRN>\n<TRNTYPE>${line.amount.startsWith('-') ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${parisDay(line.offset).ofx}\n` +
        `<TRNAMT>${line.amount}\n<FITID>E2E${index}\n<NAME>${line.label}\n</STMTTRN>\n`,
    )
    .join('')
  return Buffer.from(
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\n' +
      'OLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STMTRS>\n<CURDEF>EUR\n' +
      '<BANKACCTFROM>\n<BANKID>30003\n<BRANCHID>01234\n<ACCTID>01234567890\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n' +
      `<BANKTRANLIST>\n${body}</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`,
    'latin1',
  )
}

const LINES: Line[] = [
  { offset: 5, amount: '-800.00', label: 'PRLV SEPA LOYER SCI DES LILAS' },
  { offset: -2, amount: '-4.20', label: 'CB BOULANGERIE MARTIN' },
  { offset: -2, amount: '1200.00', label: 'VIR SEPA ATELIER DUPONT' },
  { offset: -9, amount: '-6.80', label: 'CB BOULANGERIE MARTIN' },
  { offset: -40, amount: '-3.10', label: 'CB BOULANGERIE MARTIN' },
  { offset: -40, amount: '-39.99', label: 'PRLV SEPA ORANGE' },
]

/** A row of the list, found by its name (the first one when several share it) and its amount. */
const row = (page: Page, name: RegExp, amount: string | RegExp) =>
  page
    .locator('.mantine-Paper-root')
    .filter({ has: page.getByRole('button', { name }) })
    .filter({ hasText: amount })

test('bank transactions: imported, grouped, filtered, categorised with the same label, validated in bulk', async ({
  page,
}) => {
  await signUpThroughPages(page, uniqueEmail('transactions'))

  // A bank account and a statement, through the API the pages use.
  const created = await page.request.post('/api/v1/journals', {
    headers: WRITE,
    data: { name: 'Compte pro', journalTypeId: 1, iban: 'FR7630003000110005000157821', startingValue: '100' },
  })
  expect(created.status()).toBe(201)
  const journalId = (await created.json()).data.id as number
  const imported = await page.request.post(`/api/v1/journals/${journalId}/imports`, {
    headers: WRITE,
    multipart: { file: { name: 'releve.ofx', mimeType: 'application/x-ofx', buffer: statement(LINES) } },
  })
  expect(imported.status()).toBe(200)
  expect((await imported.json()).data).toMatchObject({ imported: 6, duplicates: 0 })

  // Finances › Banque, every year shown through the filter drawer's status.
  await page.getByRole('link', { name: 'Banque' }).first().click()
  await expect(page).toHaveURL(/\/app\/financial\/bank$/)
  await expect(page.getByRole('heading', { name: 'Banque' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Solde bancaire' }).getByText('Société Générale')).toBeVisible()
  await page.getByRole('button', { name: 'Filtres' }).click()
  const drawer = page.getByRole('dialog', { name: 'Filtres' })
  await drawer.getByRole('combobox', { name: 'Statut' }).click()
  await page.getByRole('option', { name: 'Toutes' }).click()
  await drawer.getByRole('button', { name: 'Appliquer' }).click()
  await expect(page).toHaveURL(/isArchived=all/)
  await expect(page.getByLabel('6 au total')).toBeVisible()

  // The future one first, under its own heading; the older ones under their month.
  const sections = page.locator('section[aria-label]')
  await expect(sections.first()).toHaveAttribute('aria-label', 'À venir')
  await expect(
    page.getByRole('region', { name: 'À venir' }).getByRole('button', { name: /^Ouvrir .*Loyer/ }),
  ).toBeVisible()
  const oldMonth = page.getByRole('region', { name: parisDay(-40).month })
  await expect(oldMonth.getByRole('button', { name: 'Ouvrir Prlv Orange' })).toBeVisible()
  await expect(row(page, /Ouvrir .*Atelier Dupont/, /\+1\s200,00/)).toBeVisible()

  // The search narrows the list; so do the drawer's amount bounds, 0 being one.
  await page.getByRole('textbox', { name: 'Rechercher une transaction' }).fill('boulangerie')
  await expect(page).toHaveURL(/search=boulangerie/)
  await expect(page.getByLabel('3 au total')).toBeVisible()
  await page.getByRole('textbox', { name: 'Rechercher une transaction' }).fill('')
  await expect(page.getByLabel('6 au total')).toBeVisible()
  await page.getByRole('button', { name: /^Filtres/ }).click()
  await drawer.getByRole('textbox', { name: 'Montant minimum' }).fill('0')
  await drawer.getByRole('button', { name: 'Appliquer' }).click()
  await expect(page).toHaveURL(/amountMin=0/)
  await expect(page.getByLabel('1 au total')).toBeVisible()
  await page.getByRole('button', { name: /^Filtres/ }).click()
  await drawer.getByRole('textbox', { name: 'Montant minimum' }).fill('')
  await drawer.getByRole('button', { name: 'Appliquer' }).click()
  await expect(page.getByLabel('6 au total')).toBeVisible()

  // One category for the transfer: one part for the whole amount, no other transaction of that label.
  await row(page, /Ouvrir .*Atelier Dupont/, /1\s200,00/)
    .getByRole('button', { name: /^Catégorie de / })
    .click()
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill('prestations de SERVICES')
  await page.getByRole('option', { name: 'Prestations de services', exact: true }).click()
  await expect(page.getByText('Enregistré avec succès.').first()).toBeVisible()
  await expect(
    row(page, /Ouvrir .*Atelier Dupont/, /1\s200,00/).getByRole('button', { name: /: Prestations de services$/ }),
  ).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Transactions avec le même libellé' })).toHaveCount(0)

  // The bakery: its two other lines are offered the same category.
  await row(page, /Ouvrir Boulangerie Martin/, '-4,20')
    .getByRole('button', { name: /^Catégorie de / })
    .click()
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill('receptions')
  await page.getByRole('option', { name: 'Réceptions', exact: true }).click()
  const similar = page.getByRole('dialog', { name: 'Transactions avec le même libellé' })
  await expect(similar.getByText(/2 autres transactions ont le même libellé/)).toBeVisible()
  await similar.getByRole('button', { name: 'Appliquer à 2 transactions' }).click()
  await expect(similar).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Catégorie de Boulangerie Martin : À catégoriser$/ })).toHaveCount(0)

  // Bulk: validating an uncategorised one is refused as a whole; two categorised ones are validated and locked.
  await row(page, /Ouvrir Prlv Orange/, '-39,99')
    .getByRole('checkbox')
    .check()
  await row(page, /Ouvrir Boulangerie Martin/, '-6,80')
    .getByRole('checkbox')
    .check()
  const validate = page.getByRole('button', { name: 'Valider', exact: true })
  await expect(page.getByText('2 sélectionnées')).toBeVisible()
  await validate.click()
  await expect(page.getByText("Au moins une des transactions sélectionnées n'a pas été catégorisée.")).toBeVisible()
  await row(page, /Ouvrir Prlv Orange/, '-39,99')
    .getByRole('checkbox')
    .uncheck()
  await row(page, /Ouvrir Boulangerie Martin/, '-4,20')
    .getByRole('checkbox')
    .check()
  await validate.click()
  await expect(page.getByText('2 sélectionnées')).toHaveCount(0)
  await expect(row(page, /Ouvrir Boulangerie Martin/, '-4,20').getByRole('img', { name: 'Validée' })).toBeVisible()
  await expect(row(page, /Ouvrir Boulangerie Martin/, '-6,80').getByRole('img', { name: 'Validée' })).toBeVisible()
  await expect(row(page, /Ouvrir Boulangerie Martin/, '-6,80').getByRole('checkbox')).toHaveCount(0)

  // The "À catégoriser" tab keeps the two left: the rent and Orange.
  await page.getByRole('tab', { name: /^À catégoriser/ }).click()
  await expect(page).toHaveURL(/uncategorized=true/)
  await expect(page.getByLabel('2 au total')).toBeVisible()

  // A row opens its transaction.
  await page.getByRole('button', { name: 'Ouvrir Prlv Orange' }).click()
  await expect(page).toHaveURL(/\/app\/financial\/bank\/\d+\/show\?/)
})
