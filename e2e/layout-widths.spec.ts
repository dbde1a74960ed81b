import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { pdf } from './receipt-files'
import { apiCustomer, apiGet, apiSend, parisToday, signUpSubjectToVat } from './sales-helpers'

/**
 * Every page fits its screen (issue 31): at 1280 px and at 390 px no route scrolls sideways — wide grids scroll inside
 * their own frame. One organisation with a little of everything, one browser context per width, the pages reached the
 * way the app's links reach them (no reload, no new sign-in per route).
 */

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const

type Seeded = {
  email: string
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>
  routes: string[]
}

/** A customer, invoices (a draft and a validated one of several lines), a quote, bank, cash and expense lines… */
async function seed(page: Page): Promise<Seeded> {
  const { iso: today } = parisToday()
  const email = uniqueEmail('layout')
  await signUpSubjectToVat(page, email)
  await apiSend(page, 'patch', '/organization', { canSellCash: true })
  const customer = await apiCustomer(page, {
    contactTypeId: 2,
    name: 'Atelier Dupont et fils, conseil en architecture',
  })
  const line = (name: string, quantity: string, amount: string) => ({
    name,
    type: 'SERVICE',
    quantity,
    amount,
    unitId: 1,
    taxId: 1,
  })
  const lines = [
    line('Conception graphique de la maquette du site vitrine', '3', '450'),
    line('Développement', '12', '600'),
    line('Hébergement annuel', '1', '120.50'),
  ]
  const document = { contactId: customer.id, datedAt: today, lines }
  const invoice = { ...document, paymentLimit: 30 }
  const validated = await apiSend<{ id: number }>(page, 'post', '/invoices', { ...invoice, name: 'Site vitrine' })
  await apiSend(page, 'post', `/invoices/${validated.id}/validate`)
  const draft = await apiSend<{ id: number }>(page, 'post', '/invoices', { ...invoice, name: 'Refonte du blog' })
  const quote = await apiSend<{ id: number }>(page, 'post', '/quotes', {
    ...document,
    name: 'Maintenance annuelle',
    validityLimit: 30,
  })
  const subscription = await apiSend<{ id: number }>(page, 'post', '/invoices', {
    ...invoice,
    name: 'Hébergement {mois}',
    isRecurring: true,
    recurringParams: {
      startingAt: `${Number(today.slice(0, 4)) + 1}-01-11`,
      endingAt: null,
      endingType: 'date',
      occurrences: null,
      recurrence: 1,
      unit: 'month',
      day: 1,
      creationOption: 'draft',
      emails: null,
    },
  })
  const share = await apiSend<{ url: string }>(page, 'post', `/invoices/${validated.id}/public-url`)

  const entries = await apiGet<{ id: number; code: string }[]>(page, '/accounting-entries?pageSize=1000')
  const category = (code: string) => entries.find((entry) => entry.code === code)?.id
  const bank = await apiSend<{ id: number }>(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  // A bank label as long as the banks write them: it is cut on a phone, never the page.
  const debit = await apiSend<{ id: number }>(page, 'post', '/transactions', {
    journalId: bank.id,
    name: 'PRLV SEPA ORANGE SA FACTURE MOBILE NOVEMBRE REF 1234567890123',
    datedAt: today,
    amount: '-59.99',
  })
  await apiSend(page, 'post', '/transactions', {
    journalId: bank.id,
    name: 'VIR ATELIER DUPONT',
    datedAt: today,
    amount: '2000',
    allocations: [{ name: 'Site vitrine', amount: '2000', accountingEntryId: category('706') }],
  })
  const uploaded = await page.request.post('/api/v1/receipts', {
    multipart: { document: { name: 'facture-orange.pdf', mimeType: 'application/pdf', buffer: pdf('Facture') } },
    headers: { 'X-Requested-With': 'fetch' },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(201)
  const [receipt] = ((await uploaded.json()) as { data: { id: number }[] }).data
  const associate = await apiSend<{ id: number }>(page, 'post', '/journals', {
    name: 'Jeanne Dupont',
    journalTypeId: 2,
  })
  const expense = await apiSend<{ id: number }>(page, 'post', '/expenses', {
    journalId: associate.id,
    datedAt: today,
    allocations: [{ name: 'Taxi', amount: '30', accountingEntryId: category('6251') }],
  })
  const cash = await apiSend<{ id: number }>(page, 'post', '/cash-operations', {
    name: 'Fond de caisse',
    datedAt: today,
    allocations: [{ name: 'Entrée', amount: '50', accountingEntryId: category('108') }],
  })
  const sale = await apiSend<{ id: number }>(page, 'post', '/cash-sales', {
    datedAt: today,
    allocations: [
      { name: 'Vente', amount: '20', accountingEntryId: category('707') },
      { name: 'Encaissement', amount: '20', accountingEntryId: category('530') },
    ],
  })

  const routes = [
    '/app',
    '/app/profile',
    '/support',
    '/app/news',
    '/app/sales/customers',
    '/app/sales/catalog',
    '/app/sales/invoices',
    '/app/sales/quotes',
    '/app/sales/invoices/new',
    `/app/sales/invoices/${draft.id}`,
    `/app/sales/invoices/${validated.id}/show`,
    '/app/sales/quotes/new',
    `/app/sales/quotes/${quote.id}`,
    `/app/sales/quotes/${quote.id}/show`,
    '/app/sales/subscriptions',
    '/app/sales/subscriptions/new',
    `/app/sales/subscriptions/${subscription.id}`,
    '/app/sales/money',
    '/app/sales/money/new',
    `/app/sales/money/${sale.id}`,
    '/app/purchase/suppliers',
    '/app/purchase/receipts',
    `/app/purchase/receipts/${receipt?.id}`,
    '/app/purchase/expenses',
    '/app/purchase/expenses/new',
    `/app/purchase/expenses/${expense.id}`,
    '/app/financial/bank',
    '/app/financial/bank/import',
    `/app/financial/bank/${debit.id}/show`,
    '/app/financial/cash',
    '/app/financial/cash-journal',
    '/app/financial/cash/new',
    `/app/financial/cash/${cash.id}`,
    '/app/reports/e-reporting',
    '/app/reports/export',
    '/app/reports/in-out-book',
    '/app/reports/in-out-book/recipes',
    '/app/reports/in-out-book/expenses',
    '/app/reports/operating-account',
    '/app/reports/sales',
    '/app/reports/taxes',
    '/app/reports/taxes/declaration',
    `/app/reports/taxes/${today.slice(0, 7)}`,
    '/app/oups/bank-first-connexion',
    '/app/oups/disconnected-bank',
    '/app/oups/must-upgrade-plan',
    '/app/oups/subscription-payment-error',
    '/app/help/prorata-changement-de-formule',
    '/app/start',
    '/app/start/legal-infos',
    '/app/start/sales/customization',
    '/app/start/sales',
    '/app/setting/account',
    '/app/setting/collaborators',
    '/app/setting/subscription',
    '/app/setting/subscription/cancel',
    '/app/setting/sales',
    '/app/setting/sales/branding',
    '/app/setting/e-invoicing',
    '/app/setting/financial',
    '/app/setting/financial/associates',
    '/app/setting/categories',
    '/app/setting/rules',
    '/app/setting/card-payment',
    '/app/setting/audit',
    '/app/page-inconnue',
    '/auth/register/done',
    `/p/${share.url.slice(share.url.lastIndexOf('/') + 1)}`,
    '/cgu',
    '/confidentiality-policy',
    '/legal-notice',
    '/dev/mailbox',
    '/page-inconnue',
  ]
  return { email, cookies: await page.context().cookies(), routes }
}

/** The pages of a signed-out visitor. */
const GUEST_ROUTES = [
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/verify-token?email=camille%40exemple.fr',
  '/auth/regenerate-password',
  '/auth/invitation?token=inconnu',
]

/** API calls under way in a page (the notifications' stream never ends: it is not waited for). */
function trackRequests(page: Page) {
  const pending = new Set<string>()
  const key = (request: { url: () => string; method: () => string }) => `${request.method()} ${request.url()}`
  page.on('request', (request) => {
    if (request.url().includes('/api/') && !request.url().includes('/stream')) pending.add(key(request))
  })
  page.on('requestfinished', (request) => pending.delete(key(request)))
  page.on('requestfailed', (request) => pending.delete(key(request)))
  return pending
}

/** Marks the headings shown now with their text: the next page is there once another heading shows. */
const markHeadings = (page: Page) =>
  page.evaluate(() => {
    for (const heading of document.querySelectorAll('h1, h2, h3, [role="heading"]'))
      heading.setAttribute('data-left', heading.textContent ?? '')
  })

/**
 * What keeps a page from being settled: no new heading yet (React keeps the previous page on screen while the next
 * one's script loads), a loader, a skeleton, aria-busy, an API call under way; '' once settled.
 */
async function unsettled(page: Page, pending: Set<string>) {
  const onScreen = await page.evaluate(() => {
    const shown = (element: Element) => element.getClientRects().length > 0
    const headings = [...document.querySelectorAll('h1, h2, h3, [role="heading"]')].filter(shown)
    if (!headings.some((heading) => heading.getAttribute('data-left') !== heading.textContent))
      return 'no heading of its own'
    const busy = [
      ...document.querySelectorAll('.mantine-Loader-root, .mantine-Skeleton-root[data-visible], [aria-busy="true"]'),
    ].find(shown)
    return busy ? `loading: ${busy.outerHTML.slice(0, 120)}` : ''
  })
  return onScreen || (pending.size > 0 ? `waiting for ${[...pending].join(', ')}` : '')
}

/** Waits until the page has been settled twice in a row, 100 ms apart. */
async function settle(page: Page, pending: Set<string>, route: string) {
  let calm = 0
  let reason = ''
  await expect
    .poll(
      async () => {
        reason = await unsettled(page, pending)
        calm = reason ? 0 : calm + 1
        return calm
      },
      // A PDF preview parses pdf.js's worker first: on a busy 2-core machine that alone took 10 s.
      { intervals: [100], timeout: 45_000 },
    )
    .toBeGreaterThanOrEqual(2)
    .catch(() => {
      throw new Error(`${route} never settled: ${reason}`)
    })
}

/** The page's width and, when it is wider than the window, the elements that stick out (to name the culprit). */
function measure(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth
    const scrollWidth = document.documentElement.scrollWidth
    const outside: string[] = []
    if (scrollWidth > width)
      for (const element of document.querySelectorAll('body *')) {
        const box = element.getBoundingClientRect()
        if (box.width === 0 || box.right <= width + 1) continue
        // Inside a frame that scrolls or clips (a tab strip, a wide grid), it does not widen the page: not a culprit.
        let frame = element.parentElement
        while (frame && getComputedStyle(frame).overflowX === 'visible') frame = frame.parentElement
        if (frame && frame !== document.body && frame !== document.documentElement) continue
        const classes = [...element.classList].slice(0, 2).join('.')
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').slice(0, 40)
        outside.push(
          `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> ${Math.round(box.right)} px « ${text} »`,
        )
        if (outside.length === 6) break
      }
    return { width, scrollWidth, outside }
  })
}

/** Goes to a path as the app's links do (the router follows the history), so the shell and its data stay loaded. */
async function follow(page: Page, path: string) {
  await markHeadings(page)
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** A toast (saving the profile) leaves every button of the header uncovered. */
async function toastClearsHeader(page: Page, width: number) {
  await follow(page, '/app/profile')
  await page.getByRole('textbox', { name: 'Fonction' }).fill(`Gérante ${width}`)
  await page.getByRole('button', { name: 'Enregistrer' }).first().click()
  const toast = page.getByRole('alert').filter({ hasText: 'Enregistré avec succès.' })
  await expect(toast).toBeVisible()
  const toastBox = (await toast.boundingBox()) as Box
  const buttons = page.getByRole('banner').getByRole('button')
  expect(await buttons.count()).toBeGreaterThan(2)
  for (const button of await buttons.all()) {
    const box = await button.boundingBox()
    if (!box) continue
    const name = (await button.getAttribute('aria-label')) ?? (await button.textContent())
    expect(overlap(toastBox, box), `at ${width} px the toast covers the header's « ${name} »`).toBe(false)
  }
}

/** On a phone the VAT grid opens on this month, wholly in view beside the sticky labels. */
async function vatOpensOnThisMonth(page: Page) {
  const month = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(
    new Date(),
  )
  await follow(page, '/app/reports/taxes')
  const grid = page.getByRole('region', { name: 'T.V.A. par mois' })
  const thisMonth = grid.getByRole('link', { name: `Détails de ${month}` })
  await expect(thisMonth).toBeInViewport({ ratio: 1 })
  const labels = (await grid.getByRole('columnheader').first().boundingBox()) as Box
  const column = (await thisMonth.boundingBox()) as Box
  expect(column.x, 'this month is not hidden under the labels').toBeGreaterThanOrEqual(labels.x + labels.width - 1)
}

async function contextAt(browser: Browser, viewport: { width: number; height: number }) {
  return browser.newContext({ viewport, locale: 'fr-FR', timezoneId: 'Europe/Paris', reducedMotion: 'reduce' })
}

test('no page scrolls sideways at 1280 px nor at 390 px', async ({ page, browser }) => {
  // Some seventy routes twice, each waited for until it has settled: three to five minutes on a busy 2-core machine.
  test.setTimeout(420_000)
  const seeded = await seed(page)
  for (const viewport of WIDTHS) {
    const context = await contextAt(browser, viewport)
    const tab = await context.newPage()
    const pending = trackRequests(tab)
    const check = async (route: string) => {
      await settle(tab, pending, route)
      const { width, scrollWidth, outside } = await measure(tab)
      expect
        .soft(scrollWidth, `${route} at ${viewport.width} px is ${scrollWidth} px wide:\n  ${outside.join('\n  ')}`)
        .toBeLessThanOrEqual(width)
    }
    // Signed out first: the guest pages send a signed-in person to the app.
    await tab.goto(GUEST_ROUTES[0] as string)
    for (const route of GUEST_ROUTES) {
      // The page the tab is on already has its heading: following it again would wait for a new one that never comes.
      if (new URL(tab.url()).pathname !== route) await follow(tab, route)
      await check(route)
    }
    await context.addCookies(seeded.cookies)
    await tab.goto('/app')
    for (const route of seeded.routes) {
      if (new URL(tab.url()).pathname !== route) await follow(tab, route)
      await check(route)
    }
    await test.step(`a toast leaves the header's buttons uncovered at ${viewport.width} px`, () =>
      toastClearsHeader(tab, viewport.width))
    if (viewport.width < 500)
      await test.step('the VAT report opens on this month on a phone', () => vatOpensOnThisMonth(tab))
    await context.close()
  }
})
