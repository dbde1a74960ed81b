import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { type Client, json, signUpWithOrganization } from './helpers'

// Expense-note fixtures: a company with associates, its associate accounts, notes.

export const LEGAL_FORM_SARL = 8
export const LEGAL_FORM_EI = 1

/** A VAT-paying SARL: its expense notes go to associate current accounts (CC). */
export const company = (app: FastifyInstance) =>
  signUpWithOrganization(app, { legalFormId: LEGAL_FORM_SARL, taxRegimeId: 2 })

/** An associate current account ("CCA " + name); returns the account as the API answers it. */
export async function associateAccount(client: Client, name = 'Jeanne Dupont', startingValue = '0') {
  const response = await client.post('/journals', { name, journalTypeId: 2, startingValue })
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data as { id: number; accountingEntryId: number; name: string; accountCode: string }
}

/** POST /expenses, expected to succeed; returns the note. */
export async function expenseNote(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/expenses', body)
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data
}
