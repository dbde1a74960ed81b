import { CONDITION_FUNCTION_IDS, CONDITION_TARGET_IDS, messages, type RuleProposalDto } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { whereIs } from '../../../../components/test-utils'
import {
  bodiesSent,
  categoryByCode,
  part,
  stubTransactionApi,
  transaction,
} from '../../../../test-support/fakeTransactionApi'
import { pickCategory, typeAndLeave } from '../../../../test-support/lineHelpers'
import { openDrawer, splitLine } from './testHelpers'

const m = messages.rules

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const supplies = categoryByCode('606400')
const travel = categoryByCode('625100')

/** The server's proposal once "Bureau Vallée" has gone `count` times to `category` (its key folded: no accent). */
const proposal = (count: number, category = supplies): RuleProposalDto => ({
  key: 'bureau vallee',
  name: 'Bureau Vallée',
  count,
  accountingEntryId: category.id,
  accountingEntry: { id: category.id, code: category.code, name: category.name },
  rule: {
    name: 'Bureau Vallée',
    accountingEntryId: category.id,
    conditions: [
      {
        conditionTargetId: CONDITION_TARGET_IDS.NAME,
        conditionFunctionId: CONDITION_FUNCTION_IDS['='],
        value: 'Bureau Vallée',
      },
    ],
    creditOnly: false,
    debitOnly: true,
  },
})

const proposalReads = (spy: ReturnType<typeof stubTransactionApi>) => bodiesSent(spy, 'GET', '/rules/proposals').length

/** Opens transaction 7's drawer, puts it in "Fournitures administratives" and saves (the drawer closes). */
async function categorize() {
  const rendered = await openDrawer()
  await pickCategory(screen, supplies.name)
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer & fermer' }))
  expect(await screen.findByText(messages.generic.saved)).toBeTruthy()
  return rendered
}

/** Waits until the proposals have been read and what follows (a notice or none) has happened. */
async function proposalsRead(spy: ReturnType<typeof stubTransactionApi>) {
  await waitFor(() => expect(proposalReads(spy)).toBe(1))
  await new Promise((resolve) => setTimeout(resolve, 20))
}

/** The notice: the toast (role alert) under the title "Créer une règle ?". */
const notice = () => within(screen.getByText(m.proposalTitle).closest('[role="alert"]') as HTMLElement)

describe('the rule proposal after a categorisation', () => {
  it('asks after the third identical categorisation, not after the first two', async () => {
    // The server proposes once three transactions with this label are in this category: not after the first two.
    for (let time = 1; time <= 2; time += 1) {
      const spy = stubTransactionApi(transaction({ id: 7 }), { proposals: [] })
      await categorize()
      await proposalsRead(spy)
      expect(screen.queryByText(m.proposalTitle)).toBeNull()
      cleanup()
      notifications.clean()
    }

    stubTransactionApi(transaction(), { proposals: [proposal(3)] })
    const { onClose } = await categorize()
    expect(onClose).toHaveBeenCalled()
    expect(await screen.findByText(m.proposalTitle)).toBeTruthy()
    expect(notice().getByText(m.proposal('Bureau Vallée', 'Fournitures administratives', 3))).toBeTruthy()
    expect(notice().getByRole('button', { name: 'Créer la règle' })).toBeTruthy()
    expect(notice().getByRole('button', { name: 'Ignorer' })).toBeTruthy()
  })

  it('does not ask for another category, a split on several, an unchanged save or a member who is not the owner', async () => {
    // Proposed for another category than the one just saved.
    let spy = stubTransactionApi(transaction(), { proposals: [proposal(3, travel)] })
    await categorize()
    await proposalsRead(spy)
    expect(screen.queryByText(m.proposalTitle)).toBeNull()
    cleanup()
    notifications.clean()

    // Saved again as it was: no new categorisation, the proposals are not even read.
    spy = stubTransactionApi(transaction({ transactionAllocations: [part('606400', '-120')] }), {
      proposals: [proposal(3)],
    })
    await openDrawer()
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer & fermer' }))
    expect(await screen.findByText(messages.generic.saved)).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(proposalReads(spy)).toBe(0)
    expect(screen.queryByText(m.proposalTitle)).toBeNull()
    cleanup()
    notifications.clean()

    // Two categories: a proposal is about one.
    spy = stubTransactionApi(transaction({ transactionAllocations: [part('606400', '-120')] }), {
      proposals: [proposal(3)],
    })
    await openDrawer()
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne' }))
    typeAndLeave(splitLine(1).getByRole('textbox', { name: 'Montant' }), '-80')
    await pickCategory(splitLine(2), travel.name)
    fireEvent.click(screen.getByRole('button', { name: 'Ajuster le montant de la ligne 2' }))
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer & fermer' }))
    expect(await screen.findByText(messages.generic.saved)).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/transactions/7')[0].allocations).toHaveLength(2)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(proposalReads(spy)).toBe(0)
    expect(screen.queryByText(m.proposalTitle)).toBeNull()
    cleanup()
    notifications.clean()

    // The rules are the owner's.
    spy = stubTransactionApi(transaction(), { owner: false, proposals: [proposal(3)] })
    await categorize()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(proposalReads(spy)).toBe(0)
    expect(screen.queryByText(m.proposalTitle)).toBeNull()
  })

  it('"Ignorer" declines the proposal and says so', async () => {
    const spy = stubTransactionApi(transaction(), { proposals: [proposal(3)] })
    await categorize()
    await screen.findByText(m.proposalTitle)
    fireEvent.click(notice().getByRole('button', { name: 'Ignorer' }))
    expect(await screen.findByText(m.proposalDeclined)).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/rules/proposals/decline')).toEqual([
      { key: 'bureau vallee', accountingEntryId: supplies.id },
    ])
    await waitFor(() => expect(screen.queryByText(m.proposalTitle)).toBeNull())
  })

  it('"Créer la règle" opens the rules page on this proposal', async () => {
    const spy = stubTransactionApi(transaction(), { proposals: [proposal(4)] })
    const { router } = await categorize()
    await screen.findByText(m.proposalTitle)
    expect(notice().getByText(m.proposal('Bureau Vallée', 'Fournitures administratives', 4))).toBeTruthy()
    fireEvent.click(notice().getByRole('button', { name: 'Créer la règle' }))
    await waitFor(() =>
      expect(whereIs(router)).toBe(`/app/setting/rules?proposal=bureau+vallee&category=${supplies.id}`),
    )
    await waitFor(() => expect(screen.queryByText(m.proposalTitle)).toBeNull())
    expect(bodiesSent(spy, 'POST', '/rules/proposals/decline')).toEqual([])
  })
})
