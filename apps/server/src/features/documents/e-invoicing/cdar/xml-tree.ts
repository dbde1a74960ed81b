import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { CdarError } from './syntax'

/**
 * A received XML document as read.ts walks it: elements by local name with their namespace resolved, so that
 * "rsm:", "cdar:", a default namespace or any other prefix another platform chose all read the same.
 */
export type XmlElement = {
  name: string
  namespace: string | null
  attributes: Record<string, string>
  children: XmlElement[]
  text: string
}

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> }

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // the five XML entities only: readXmlTree refuses a DTD before parsing, so no entity of the sender's can expand
  processEntities: true,
})

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1)
const prefixOf = (qualified: string) => (qualified.includes(':') ? qualified.slice(0, qualified.indexOf(':')) : '')

function toElement(node: Ordered, scope: Record<string, string>): XmlElement | null {
  const tag = Object.keys(node).find((key) => key !== ':@')
  if (!tag || tag === '#text' || tag.startsWith('?')) return null
  const rawAttributes = node[':@'] ?? {}
  const inner: Record<string, string> = { ...scope }
  const attributes: Record<string, string> = {}
  for (const [name, value] of Object.entries(rawAttributes)) {
    if (name === 'xmlns') inner[''] = String(value)
    else if (name.startsWith('xmlns:')) inner[name.slice(6)] = String(value)
    else attributes[localName(name)] = String(value)
  }
  const content = (node[tag] as Ordered[]) ?? []
  const children: XmlElement[] = []
  let text = ''
  for (const child of content) {
    if ('#text' in child) text += String(child['#text'])
    else {
      const element = toElement(child, inner)
      if (element) children.push(element)
    }
  }
  return { name: localName(tag), namespace: inner[prefixOf(tag)] ?? null, attributes, children, text: text.trim() }
}

/** The root element of `xml`; a CdarError NOT_XML (French) when it is not well-formed XML or declares a DTD. */
export function readXmlTree(xml: string): XmlElement {
  const source = xml.replace(/^\uFEFF/, '')
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) {
    throw new CdarError('NOT_XML', "Ce fichier n'est pas un message de statut : il déclare une DTD, refusée.")
  }
  const valid = XMLValidator.validate(source)
  if (valid !== true) {
    throw new CdarError('NOT_XML', `Ce fichier n'est pas un XML lisible (ligne ${valid.err.line}) : ${valid.err.msg}`)
  }
  const roots = (parser.parse(source) as Ordered[])
    .map((node) => toElement(node, {}))
    .filter((element): element is XmlElement => element !== null)
  const [root] = roots
  if (!root || roots.length > 1) {
    throw new CdarError('NOT_XML', "Ce fichier n'est pas un XML lisible : il n'a pas un unique élément racine.")
  }
  return root
}

/**
 * The children of `parent` called `name`, whatever their prefix or namespace (read.ts checks the root's namespace
 * only: a platform that puts a ram: element in another namespace still says what it means); `children(parent, 'A',
 * 'B')` walks down a path.
 */
export function children(parent: XmlElement | undefined, ...path: string[]): XmlElement[] {
  let level = parent ? [parent] : []
  for (const name of path) level = level.flatMap((element) => element.children.filter((c) => c.name === name))
  return level
}

export const child = (parent: XmlElement | undefined, ...path: string[]): XmlElement | undefined =>
  children(parent, ...path)[0]

/** The text of the first element at `path`, null when absent or blank. */
export function textAt(parent: XmlElement | undefined, ...path: string[]): string | null {
  const element = child(parent, ...path)
  return element && element.text !== '' ? element.text : null
}
