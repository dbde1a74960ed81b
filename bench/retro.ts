/**
 * A retroactive rule in an organisation whose lines are all in the books, as a real one's are (issue 34, decision
 * 0054): 100,000 bank lines seeded and posted, the 40 % waiting for a category on 471000; the rule "the raw label
 * starts with CB" applied to the 40,000 it matches (POST /rules/{id}/apply) and undone, twice, with what each run
 * wrote to the books. bench/rules.ts runs the same rule where most of the lines it changes were never posted (a
 * migrated database's, waiting for the start-up backfill), which writes one entry where a real run writes two.
 */
import { CONDITION_FUNCTION_IDS as F, CONDITION_TARGET_IDS as T } from '@app/domain'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { backfillMatchKeys } from '../apps/server/src/backfill'
import type { Database } from '../apps/server/src/db/client'
import { vacuumTables } from '../apps/server/src/db/maintenance'
import { createBooks } from '../apps/server/src/features/books/ledger/books'
import { signIn } from './contacts'
import { send } from './rules'
import { createBankJournal, number, seconds, seedBankLines } from './transactions'

const LINES = 100_000
const ROUNDS = 2
/** Sources posted a transaction at a time while seeding, as the start-up backfill does. */
const POSTED_PER_TRANSACTION = 5000
/** The organisation's entries and lines in the books. */
async function booksSize(database: Database, organizationId: number) {
  const { rows } = await database.db.execute<{ entries: string; lines: string }>(sql`select
      (select count(*) from ledger_entries where organization_id = ${organizationId}) as entries,
      (select count(*) from ledger_lines where organization_id = ${organizationId}) as lines`)
  return { entries: Number(rows[0]?.entries), lines: Number(rows[0]?.lines) }
}

/** Seeds the lines and posts every one of them, then clears what the seed left for the start-up backfill. */
async function seedPosted(database: Database, organizationId: number, journalId: number) {
  await seedBankLines(database, organizationId, journalId, LINES)
  // The folded labels the rules read, as the start-up backfill fills them.
  await backfillMatchKeys(database)
  const { rows } = await database.db.execute<{ id: string }>(
    sql`select id from transactions where organization_id = ${organizationId} order by id`,
  )
  const ids = rows.map((row) => Number(row.id))
  const books = createBooks()
  for (let start = 0; start < ids.length; start += POSTED_PER_TRANSACTION)
    await database.db.transaction((tx) =>
      books.post(tx, { organizationId, transactions: ids.slice(start, start + POSTED_PER_TRANSACTION) }),
    )
  await database.db.execute(sql`delete from ledger_pending where organization_id = ${organizationId}`)
  await vacuumTables(database)
}

export async function benchRetro(app: FastifyInstance, database: Database, engine: string) {
  const { cookie, organizationId } = await signIn(app)
  const journalId = await createBankJournal(app, cookie, 'Compte courant')
  const seedStart = performance.now()
  await seedPosted(database, organizationId, journalId)
  const seeded = await booksSize(database, organizationId)
  console.log(
    `organisation of ${number(LINES)} lines, all in the books (${number(seeded.entries)} entries, ${number(seeded.lines)} lines; ${engine}): seeded and posted in ${seconds(performance.now() - seedStart)}`,
  )
  const rule = await send(app, cookie, 'POST', '/rules', {
    name: 'Tout ce qui passe par carte',
    isActive: true,
    accountingEntryId: 191,
    conditions: [{ conditionTargetId: T.RAW_NAME, conditionFunctionId: F.START_LIKE, value: 'CB' }],
  })
  for (let round = 1; round <= ROUNDS; round++) {
    const before = await booksSize(database, organizationId)
    const applyStart = performance.now()
    const applied = await send(app, cookie, 'POST', `/rules/${rule.id}/apply`)
    const applyMs = performance.now() - applyStart
    const afterApply = await booksSize(database, organizationId)
    const undoStart = performance.now()
    const undone = await send(app, cookie, 'POST', `/rule-applications/${applied.id}/undo`)
    const undoMs = performance.now() - undoStart
    const afterUndo = await booksSize(database, organizationId)
    console.log(
      `retroactive rule over lines already in the books, round ${round} (${engine}): apply ${number(applied.count)} in ${seconds(applyMs)} (${number(afterApply.entries - before.entries)} entries, ${number(afterApply.lines - before.lines)} lines written), undo ${number(undone.restored)} in ${seconds(undoMs)} (${number(afterUndo.entries - afterApply.entries)} entries, ${number(afterUndo.lines - afterApply.lines)} lines) (goal < 10 s each; decision 0054)`,
    )
  }
}
