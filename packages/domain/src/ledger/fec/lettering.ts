/** The accounts whose lines are lettered: customers and suppliers (decision 0024). */
export const LETTERED_ACCOUNTS: readonly string[] = ['411', '401']

/** A customer or supplier piece settled within the year: its own line and those settling it add up to nothing. */
export type SettledPiece = { auxiliaryCode: string; pieceRef: string; letteredAt: string }

/** The lettering of the year's settled pieces: its code (EcritureLet) and date (DateLet, YYYY-MM-DD). */
export type FecLettering = ReadonlyMap<string, { code: string; date: string }>

/** A, B… Z, AA, AB…: the lettering code of the n-th settled piece of the year (EcritureLet). */
export function letteringCode(index: number): string {
  let code = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) code = String.fromCharCode(65 + ((n - 1) % 26)) + code
  return code
}

/** NUL: PostgreSQL stores no U+0000 in a text, so no code or reference holds it and the key cannot be ambiguous. */
const pieceKey = (auxiliaryCode: string, pieceRef: string) => `${auxiliaryCode}\u0000${pieceRef}`

/** The settled pieces, in the order they were settled, named A, B… */
export const fecLettering = (pieces: readonly SettledPiece[]): FecLettering =>
  new Map(
    pieces.map((piece, index) => [
      pieceKey(piece.auxiliaryCode, piece.pieceRef),
      { code: letteringCode(index), date: piece.letteredAt },
    ]),
  )

/** A ledger line as the lettering reads it: the piece of its entry, and the one it settles if any. */
export type LineToLetter = {
  accountCode: string
  auxiliaryCode: string | null
  pieceRef: string
  settlesPieceRef: string | null
}

/**
 * A customer or supplier line is lettered with the piece it settles, else its own piece, once that piece is settled;
 * any other line is never lettered.
 */
export function letteringOf(lettering: FecLettering, line: LineToLetter): { code: string; date: string } | null {
  if (line.auxiliaryCode === null || !LETTERED_ACCOUNTS.includes(line.accountCode)) return null
  return lettering.get(pieceKey(line.auxiliaryCode, line.settlesPieceRef ?? line.pieceRef)) ?? null
}
