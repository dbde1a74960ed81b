/**
 * The text search shared by every list's repo: a LIKE pattern of a literal text, where %, _ and \ lose their meaning.
 * (The lists' folding of accents and case is the database's: ILIKE, or the trigram indexes.)
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
