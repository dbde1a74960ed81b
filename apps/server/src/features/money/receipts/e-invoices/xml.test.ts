import { describe, expect, it } from 'vitest'
import { all, attribute, first, parseXml, text } from './xml'

describe('parseXml', () => {
  it('strips namespace prefixes and keeps values as text ("0002" stays "0002")', () => {
    const parsed = parseXml(
      '<r:Doc xmlns:r="urn:r" xmlns:s="urn:s"><s:ID s:schemeID="0002">000123</s:ID><s:A>1.10</s:A></r:Doc>',
    )
    expect(parsed).toEqual({
      ok: true,
      document: { Doc: { ID: { '#text': '000123', '@_schemeID': '0002' }, A: '1.10' } },
    })
  })

  it('decodes the five XML entities and character references, and nothing else', () => {
    const parsed = parseXml(
      '<a><b>&amp;&lt;&gt;&quot;&apos; &#233;t&#xE9; &#x20AC; &eacute; &#0;</b><c d="&quot;x&quot;"/></a>',
    )
    expect(parsed.ok && parsed.document).toEqual({ a: { b: '&<>"\' été € &eacute; &#0;', c: { '@_d': '"x"' } } })
  })

  it('never expands an entity a DTD declares, should a DOCTYPE get this far', () => {
    const internal = parseXml('<!DOCTYPE a [<!ENTITY secret "expanded">]><a><b>&secret;</b></a>')
    expect(internal.ok && internal.document).toEqual({ a: { b: '&secret;' } })
    const external = parseXml('<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a><b>&x;</b></a>')
    expect(JSON.stringify(external)).not.toContain('root:')
  })

  it('refuses truncated and malformed documents, with the line when the validator knows it', () => {
    expect(parseXml('<a>\n<b>1</b>\n<c>2</d></a>')).toEqual({ ok: false, line: 3 })
    // A truncated document: the element left open is named, on the line it opens.
    expect(parseXml('<a>\n<b>1</b>\n<c>2')).toEqual({ ok: false, line: 1 })
    expect(parseXml('<a><b></a></b>')).toMatchObject({ ok: false })
    expect(parseXml('<a/><b/>')).toEqual({ ok: false, line: null })
    expect(parseXml('')).toMatchObject({ ok: false })
  })

  it('refuses nesting too deep and property names that would pollute prototypes, without throwing', () => {
    expect(parseXml(`${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}`)).toEqual({ ok: false, line: null })
    expect(parseXml('<a><__proto__><x>1</x></__proto__></a>')).toEqual({ ok: false, line: null })
  })
})

describe('reading elements', () => {
  const parsed = parseXml(
    '<r><p><n>Un</n></p><p><n> Deux </n></p><t c="EUR">10.00</t><e></e><x>  </x><constructorish>ok</constructorish></r>',
  )
  const root = parsed.ok ? parsed.document.r : null

  it('gives every child of a name, the first one down a path, the text, trimmed, and attributes', () => {
    expect(all(root, 'p')).toHaveLength(2)
    expect(all(root, 'missing')).toEqual([])
    expect(text(first(root, 'p', 'n'))).toBe('Un')
    expect(all(root, 'p').map((p) => text(first(p, 'n')))).toEqual(['Un', 'Deux'])
    expect(text(first(root, 't'))).toBe('10.00')
    expect(attribute(first(root, 't'), 'c')).toBe('EUR')
    expect(attribute(first(root, 't'), 'other')).toBeNull()
  })

  it('answers null for blank or absent text, and never reads inherited properties', () => {
    expect(text(first(root, 'e'))).toBeNull()
    expect(text(first(root, 'x'))).toBeNull()
    expect(first(root, 'constructor')).toBeUndefined()
    expect(first(root, 'toString')).toBeUndefined()
    expect(text(first(root, 'constructorish'))).toBe('ok')
  })
})
