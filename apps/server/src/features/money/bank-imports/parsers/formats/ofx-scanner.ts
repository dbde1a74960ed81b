import { decodeEntities, ENTITY_REFUSAL, LineCounter } from '../text'
import { quoted, StatementError } from '../types'

/**
 * A tolerant reader for OFX bodies, both 1.x SGML and 2.x XML. Why our own: OFX 1.x is SGML whose DTD leaves leaf
 * elements unclosed (`<TRNAMT>-12.30` then the next tag), and real files mix closed and unclosed tags, put the whole body
 * on one line, leave raw `&` in text and write empty `<FITID></FITID>`. The npm OFX readers (ofx-js, node-ofx-parser…)
 * turn that SGML into XML with regular expressions and hand it to an XML parser, which throws on exactly these files,
 * and they are barely maintained. The rule used here is SGML's own: a tag followed by text is a leaf holding that text;
 * a tag followed by another tag is an aggregate, closed by its end tag (or by the end tag of an aggregate around it).
 *
 * It emits events instead of building a tree so a 50 MB file costs only the lines it yields. One pass, `indexOf` only:
 * linear time.
 */

export type OfxEvents = {
  open(name: string, line: number): void
  leaf(name: string, value: string, line: number): void
  close(name: string): void
}

/** Real OFX nests about eight aggregates deep; deeper is a damaged or hostile file. */
const MAX_DEPTH = 40

/** Scans `text` and reports its elements; throws a StatementError on a declaration or a tag it cannot read. */
export function scanOfx(text: string, events: OfxEvents): void {
  const lines = new LineCounter(text)
  const stack: string[] = []
  let pending: { name: string; line: number } | null = null
  // The leaf just read, so that its optional end tag (`<NAME>x</NAME>`) is recognised and skipped.
  let lastLeaf: string | null = null
  let position = 0
  const openPendingAsAggregate = () => {
    if (!pending) return
    if (stack.length >= MAX_DEPTH) {
      throw new StatementError('le fichier OFX imbrique trop de balises.', `Ligne ${pending.line}`)
    }
    stack.push(pending.name)
    events.open(pending.name, pending.line)
    pending = null
  }
  const settlePendingAsLeaf = (value: string) => {
    if (!pending) return
    events.leaf(pending.name, value, pending.line)
    lastLeaf = pending.name
    pending = null
  }

  while (position < text.length) {
    const lt = text.indexOf('<', position)
    const segment = text.slice(position, lt === -1 ? text.length : lt)
    if (pending) {
      const value = segment.trim()
      if (value !== '') settlePendingAsLeaf(decodeEntities(value))
    }
    if (lt === -1) break
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4)
      position = end === -1 ? text.length : end + 3
      continue
    }
    if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt + 2)
      position = end === -1 ? text.length : end + 2
      continue
    }
    if (text.startsWith('<!', lt)) {
      const keyword = text.slice(lt + 2, lt + 9).toUpperCase()
      if (keyword.startsWith('DOCTYPE') || keyword.startsWith('ENTITY')) throw new StatementError(ENTITY_REFUSAL)
      const end = text.indexOf('>', lt + 2)
      position = end === -1 ? text.length : end + 1
      continue
    }
    const gt = text.indexOf('>', lt + 1)
    if (gt === -1) break // cut in the middle of a tag: the caller sees the OFX element never closed
    const line = lines.lineAt(lt)
    const inside = text.slice(lt + 1, gt).trim()
    const closing = inside.startsWith('/')
    const selfClosing = !closing && inside.endsWith('/')
    const name = (closing ? inside.slice(1) : selfClosing ? inside.slice(0, -1) : inside).trim().toUpperCase()
    if (!/^[A-Z][A-Z0-9_.]{0,63}$/.test(name)) {
      throw new StatementError(
        `la balise ${quoted(text.slice(lt, Math.min(gt + 1, lt + 40)))} est illisible.`,
        `Ligne ${line}`,
      )
    }
    position = gt + 1
    if (closing) {
      if (pending?.name === name) {
        settlePendingAsLeaf('')
        continue
      }
      settlePendingAsLeaf('') // `<MEMO>` directly followed by `</STMTTRN>`: an empty leaf
      if (lastLeaf === name) {
        lastLeaf = null
        continue
      }
      lastLeaf = null
      const index = stack.lastIndexOf(name)
      if (index === -1) continue // a stray end tag closes nothing
      while (stack.length > index) events.close(stack.pop() as string)
      continue
    }
    openPendingAsAggregate()
    lastLeaf = null
    if (selfClosing) {
      events.leaf(name, '', line)
      continue
    }
    pending = { name, line }
  }
  settlePendingAsLeaf('')
}
