import { expect, type Page, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'
import { pdf } from './receipt-files'
import { addFreeLine, apiSend, createCustomer, newDocument, saveDocument } from './sales-helpers'

/**
 * Accessible names are French too (issue "French everywhere a person can meet it"): on the pages the journeys visit,
 * with their usual drawers, menus and date pickers open, no accessible name, title, alt or placeholder — nor any text
 * of the accessibility tree — holds an English word. Mantine's own defaults ("Toggle password visibility") are the
 * usual culprits: the theme gives them French names.
 */

/**
 * English words that never occur in this app's French text, matched as whole words, case-insensitive. Words French
 * shares with English (page, date, menu, navigation, actions, total, notes, type, description, image, logo, message,
 * code, contact, document, options, saturation, notification…) are deliberately left out.
 */
const ENGLISH_ONLY = new Set(
  `toggle close closed open opened next previous prev show hide hidden password visibility search clear remove delete
  loading upload download month year day days week today tomorrow yesterday dismiss scroll resize left right up down
  copy copied edit save cancel back settings setting select selected choose pick picker drop expand collapse more less
  add new the of and your with without from to for is are this that please here click press enter submit send sign
  login logout log register account user profile invoice invoices quote quotes customer customers catalog subscription
  subscriptions item items help error warning success failed required input button icon chevron avatar calendar color
  colour hue alpha eye dropper window header footer navbar aside level levels start tour step dialog modal drawer
  preview none empty nothing found no yes`
    .split(/\s+/)
    .filter(Boolean),
)

/**
 * Proper names that hold such words, taken out of a text before it is read: the fonts offered for documents.
 * ("Carnet", "Factur-X", "PDF", "IBAN", "BIC", "SIREN", "TVA"… need no entry: they are not in the list above.)
 */
const ALLOWED_NAMES = [/\bOpen Sans\b/g]

type Finding = { page: string; source: string; element: string; text: string; words: string[] }

/** The English-only words of a text; camelCase is split first ("PinInput" → "Pin Input"). */
function englishWords(text: string): string[] {
  const words = ALLOWED_NAMES.reduce((rest, allowed) => rest.replace(allowed, ' '), text)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-zà-ÿœæ]+/)
  return [...new Set(words.filter((word) => ENGLISH_ONLY.has(word)))]
}

/** A YAML scalar of an ARIA snapshot, unquoted ('single' with '' inside, or "double" as JSON). */
function unquote(text: string): string {
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replaceAll("''", "'")
  if (!text.startsWith('"')) return text
  try {
    return JSON.parse(text) as string
  } catch {
    return text
  }
}

/** The name and the text of one line of an ARIA snapshot (`- button "Fermer" [pressed]: texte`), not its role. */
function textsOfSnapshotLine(line: string): string[] {
  const item = /^\s*- (.*)$/.exec(line)?.[1]
  if (item === undefined) return [line.trim()]
  // The key (role, name, states) is quoted as a whole when its name holds a colon: - 'button "Payée : 0 €"':
  const quotedKey = /^('(?:[^']|'')*')(?::\s?(.*))?$/.exec(item)
  const [key, rest] = quotedKey ? [unquote(quotedKey[1] ?? ''), quotedKey[2]] : [item, undefined]
  const match = /^(\/?[\w-]+)( "(?:[^"\\]|\\.)*")?((?: \[[^\]]*\])*)(?::\s?(.*))?$/.exec(key)
  if (!match) return [item]
  const [, role = '', name, , text = rest] = match
  if (role === '/url') return []
  return [name ? unquote(name.trim()) : '', text ? unquote(text.trim()) : ''].filter(Boolean)
}

/** Every name a person can meet through assistive technology, from the DOM (hidden ones too) and the ARIA tree. */
async function namesOf(page: Page): Promise<{ source: string; element: string; text: string }[]> {
  const fromDom = await page.evaluate(() => {
    const found: { source: string; element: string; text: string }[] = [
      { source: 'document.title', element: '<title>', text: document.title },
    ]
    const describe = (element: Element) => {
      const html = element.outerHTML
      const open = html.slice(0, html.indexOf('>') + 1)
      return open.length > 240 ? `${open.slice(0, 240)}…` : open
    }
    const attributes = ['aria-label', 'title', 'alt', 'placeholder', 'aria-description', 'aria-roledescription']
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of attributes) {
        const value = element.getAttribute(attribute)
        if (value) found.push({ source: attribute, element: describe(element), text: value })
      }
      const labelledBy = element.getAttribute('aria-labelledby')
      if (labelledBy) {
        const text = labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
        found.push({ source: 'aria-labelledby', element: describe(element), text })
      }
      // SVG <title> elements name their picture.
      if (element.tagName.toLowerCase() === 'title' && element.closest('svg')) {
        found.push({
          source: 'svg title',
          element: describe(element.closest('svg') as Element),
          text: element.textContent ?? '',
        })
      }
    }
    return found
  })
  const snapshot = await page.locator('body').ariaSnapshot()
  const fromTree = snapshot
    .split('\n')
    .flatMap((line) => textsOfSnapshotLine(line).map((text) => ({ source: 'ARIA tree', element: line.trim(), text })))
  return [...fromDom, ...fromTree]
}

/** Collects the English names of the page as it is now, under a short label for the report. */
async function check(page: Page, findings: Finding[], label: string) {
  const where = `${label} (${new URL(page.url()).pathname})`
  for (const name of await namesOf(page)) {
    const words = englishWords(name.text)
    if (words.length > 0) findings.push({ page: where, ...name, words })
  }
}

/** Fails with every offending element and its page, one a paragraph. */
function report(findings: Finding[]) {
  const unique = findings.filter(
    (finding, index) =>
      findings.findIndex((other) => other.element === finding.element && other.text === finding.text) === index,
  )
  const lines = unique.map(
    (f) => `- ${f.page} — ${f.source}: "${f.text.trim()}" [${f.words.join(', ')}]\n    ${f.element}`,
  )
  expect(unique.length, `English accessible names:\n${lines.join('\n')}`).toBe(0)
}

/** Opens a DateInput's calendar (its month arrows are named then), checks, and closes it. */
async function withCalendar(page: Page, findings: Finding[], label: string, field: string) {
  await page.getByRole('textbox', { name: field }).first().click()
  // The days are named "5 janvier 2026" (dayjs in French): one of them shows the calendar is open.
  await expect(page.getByRole('button', { name: /^\d{1,2} \p{L}+ \d{4}$/u }).first()).toBeVisible()
  await check(page, findings, `${label}, calendrier ouvert`)
  await page.keyboard.press('Escape')
}

test('every accessible name on the pages of the journeys is French', async ({ page }) => {
  // Some thirty pages, each with its drawers and menus opened: several minutes on a busy machine.
  test.setTimeout(360_000)
  const findings: Finding[] = []

  // Guest pages, the password eye shown in both states.
  await page.goto('/auth/login')
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible()
  await check(page, findings, 'Connexion')
  await page.getByLabel(/^Mot de passe/).fill('un secret')
  const eye = page.getByRole('button', { name: 'Afficher le mot de passe' })
  await expect(eye).toHaveAttribute('aria-pressed', 'false')
  await eye.click()
  await expect(eye).toHaveAttribute('aria-pressed', 'true')
  await check(page, findings, 'Connexion, mot de passe affiché')

  await page.goto('/auth/forgot-password')
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié ?' })).toBeVisible()
  await check(page, findings, 'Mot de passe oublié')
  await page.goto('/auth/verify-token?email=camille%40exemple.fr')
  await expect(page.getByRole('heading', { name: 'Vérifie tes emails' })).toBeVisible()
  await check(page, findings, 'Vérification du code')

  await page.goto('/auth/register')
  await expect(page.getByRole('button', { name: 'Créer mon compte' })).toBeVisible()
  await check(page, findings, 'Inscription')
  await signUpThroughPages(page, uniqueEmail('noms'), 'Camille', undefined, async () => {
    await check(page, findings, 'Inscription, entreprise')
  })

  // The dashboard, its menus.
  await check(page, findings, 'Tableau de bord')
  // Each menu is named after its button, and waited for until it has closed: a closing menu is still in the page.
  const accountMenu = page.getByRole('menu', { name: 'Menu de Camille Martin' })
  await page.getByRole('button', { name: 'Menu de Camille Martin' }).click()
  await expect(accountMenu).toBeVisible()
  await check(page, findings, 'Tableau de bord, menu du compte')
  await page.keyboard.press('Escape')
  await expect(accountMenu).toBeHidden()
  const createMenu = page.getByRole('menu', { name: 'Créer un document' })
  await page.getByRole('button', { name: 'Créer un document' }).click()
  await expect(createMenu).toBeVisible()
  await check(page, findings, 'Tableau de bord, menu de création')
  await page.keyboard.press('Escape')
  await expect(createMenu).toBeHidden()

  // Contacts, with a customer, its drawers.
  await createCustomer(page, 'Jeanne Dupont')
  await check(page, findings, 'Clients')
  await page.getByRole('button', { name: 'Jeanne Dupont', exact: true }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await check(page, findings, 'Clients, fiche du client')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Nouveau client' }).click()
  await expect(page.getByRole('dialog', { name: 'Nouveau client' })).toBeVisible()
  await check(page, findings, 'Clients, nouveau client')
  await page.keyboard.press('Escape')

  // Catalogue.
  await page.goto('/app/sales/catalog')
  await expect(page.getByRole('button', { name: 'Nouvel article' })).toBeVisible()
  await check(page, findings, 'Catalogue')
  await page.getByRole('button', { name: 'Nouvel article' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await check(page, findings, 'Catalogue, nouvel article')
  await page.keyboard.press('Escape')

  // Quotes: a new quote's editor with its calendar.
  await newDocument(page, 'quotes', { customer: 'Jeanne Dupont', title: 'Site vitrine' })
  await check(page, findings, 'Nouveau devis')
  await withCalendar(page, findings, 'Nouveau devis', "Date d'émission")
  await page.getByRole('link', { name: 'Factures', exact: true }).click()
  const leave = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Quitter la page' }) })
  await expect(leave).toBeVisible()
  await check(page, findings, 'Nouveau devis, quitter la page')
  await leave.getByRole('button', { name: 'Quitter la page' }).click()

  // Invoices: a saved draft in its editor, its settings drawer, then the list with a row.
  await newDocument(page, 'invoices', { customer: 'Jeanne Dupont', title: 'Conseil' })
  await addFreeLine(page, 0, { name: 'Conseil', quantity: '2', price: '100' })
  await saveDocument(page, 'invoices')
  await check(page, findings, 'Éditeur de facture')
  await withCalendar(page, findings, 'Éditeur de facture', "Date d'émission")
  await page.getByRole('button', { name: 'Paramètres' }).click()
  await expect(page.getByRole('dialog', { name: 'Paramètres' })).toBeVisible()
  await check(page, findings, 'Éditeur de facture, paramètres')
  await page.keyboard.press('Escape')
  await page.goto('/app/sales/invoices')
  await expect(page.getByRole('button', { name: 'Conseil', exact: true })).toBeVisible()
  await check(page, findings, 'Factures')
  await page.getByRole('button', { name: 'Actions pour Conseil', exact: true }).click()
  await expect(page.getByRole('menu')).toBeVisible()
  await check(page, findings, 'Factures, actions de la ligne')
  await page.keyboard.press('Escape')
  await page.goto('/app/sales/quotes')
  await expect(page.getByRole('heading', { name: 'Devis', exact: true })).toBeVisible()
  await check(page, findings, 'Devis')

  // Recurring invoices.
  await page.goto('/app/sales/subscriptions')
  await expect(page.getByRole('heading', { name: /récurrentes/i }).first()).toBeVisible()
  await check(page, findings, 'Factures récurrentes')
  await page.goto('/app/sales/subscriptions/new')
  await expect(page.getByRole('main')).toBeVisible()
  await page.waitForLoadState('networkidle')
  await check(page, findings, 'Nouvelle facture récurrente')

  // The money side: a bank account with a transaction, the list, its detail drawer, the import page.
  const account = await apiSend<{ id: number }>(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  const spent = await apiSend<{ id: number }>(page, 'post', '/transactions', {
    journalId: account.id,
    name: 'Papeterie',
    datedAt: '2026-03-12',
    amount: '-150.00',
  })
  await page.goto('/app/financial/bank')
  await expect(page.getByRole('button', { name: 'Ouvrir Papeterie' })).toBeVisible()
  await check(page, findings, 'Banque')
  await page.goto(`/app/financial/bank/${spent.id}/show`)
  await expect(page.getByRole('dialog', { name: 'Papeterie' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await check(page, findings, 'Banque, détail de la transaction')
  await page.goto('/app/financial/bank/import')
  await expect(page.getByRole('main')).toBeVisible()
  await page.waitForLoadState('networkidle')
  await check(page, findings, 'Import de relevé')

  // Receipts: the list with one to process, its menu, its preview drawer, the editor with its calendar.
  const uploaded = await page.request.post('/api/v1/receipts', {
    multipart: { document: { name: 'facture.pdf', mimeType: 'application/pdf', buffer: pdf('Facture') } },
    headers: { 'X-Requested-With': 'fetch' },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(201)
  const [receipt] = ((await uploaded.json()) as { data: { id: number }[] }).data
  await page.goto('/app/purchase/receipts')
  await expect(page.getByRole('button', { name: 'facture.pdf', exact: true })).toBeVisible()
  await check(page, findings, 'Justificatifs')
  await page.getByRole('button', { name: 'Actions pour facture.pdf', exact: true }).click()
  await expect(page.getByRole('menu')).toBeVisible()
  await check(page, findings, 'Justificatifs, actions de la ligne')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'facture.pdf', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'facture.pdf' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await check(page, findings, 'Justificatifs, aperçu')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Filtres', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Filtres' })).toBeVisible()
  await check(page, findings, 'Justificatifs, filtres')
  await page.keyboard.press('Escape')
  await page.goto(`/app/purchase/receipts/${receipt?.id}`)
  await expect(page.getByRole('button', { name: 'Enregistrer et passer au suivant' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await check(page, findings, 'Traitement du justificatif')
  await withCalendar(page, findings, 'Traitement du justificatif', "Date d'émission")

  // Settings and profile.
  for (const [path, label] of [
    ['/app/setting/financial', 'Comptes bancaires'],
    ['/app/setting/categories', 'Catégories comptables'],
    ['/app/setting/rules', "Règles d'affectation"],
    ['/app/setting/account', 'Paramètres du compte'],
    ['/app/setting/collaborators', 'Collaborateurs'],
    ['/app/setting/sales', 'Réglages des ventes'],
    ['/app/setting/sales/branding', 'Apparence des documents'],
    ['/app/setting/subscription', 'Abonnement'],
    ['/app/setting/subscription/cancel', "Suspension de l'abonnement"],
    ['/app/setting/card-payment', 'Paiement par carte'],
    ['/app/setting/e-invoicing', 'Facturation électronique'],
    ['/app/reports/e-reporting', 'E-reporting'],
    ['/app/help/prorata-changement-de-formule', 'Aide au changement de formule'],
    ['/app/news', 'Nouveautés'],
    ['/app/profile', 'Profil'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('main')).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
    await check(page, findings, label)
  }

  // A phone-sized window: the burger and the navigation drawer.
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/app')
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await check(page, findings, 'Tableau de bord, menu mobile')

  report(findings)
})

test('the check finds English names in attributes and in the ARIA tree, and lets French ones pass', async ({
  page,
}) => {
  await page.setContent(`<html lang="fr"><head><title>Carnet</title></head><body>
    <button aria-label="Toggle password visibility"></button>
    <input type="file" aria-label="file upload">
    <img alt="Logo preview" src="data:,">
    <div aria-hidden="true" title="Close"></div>
    <button>Payée : 0,00 €, 1 facture</button>
    <label><input type="radio" name="police"> Open Sans</label>
    <nav aria-label="Navigation principale"><a href="/app">Menu de Camille Martin</a></nav>
    <button aria-label="Page suivante"></button><button aria-label="Mois précédent"></button>
    <p>Date d'émission, Total TTC, Notes, Actions pour Facture 12, PinInput</p>
  </body></html>`)
  const findings: Finding[] = []
  await check(page, findings, 'Page de contrôle')
  expect([...new Set(findings.map((finding) => finding.text.trim()))].sort()).toEqual(
    [
      'Close',
      'Logo preview',
      "Date d'émission, Total TTC, Notes, Actions pour Facture 12, PinInput",
      'Toggle password visibility',
      'file upload',
    ].sort(),
  )
})
