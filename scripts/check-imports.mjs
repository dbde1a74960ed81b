/**
 * The import rules Biome cannot state (ARCHITECTURE.md, « The server's wings »): no import cycle between files, none
 * between the server's features (type imports count: a cycle of types is a tangle too), no wing importing a wing above
 * it, and lib/ and db/ import no feature. Reads the relative import specifiers of the sources as text; exits 1 with what breaks a rule.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const ROOTS = ['packages/domain/src', 'apps/server/src', 'apps/web/src']
const SERVER = join(root, 'apps/server/src')

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** An import's target file, as the TypeScript resolver finds it (file, then folder index). */
function target(from, specifier) {
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return null
}

const IMPORT = /^(?:import|export)\b((?:(?!^import\b|^export\b)[\s\S])*?)\bfrom\s+['"](\.[^'"]*)['"]/gm
const files = ROOTS.flatMap((dir) => sources(join(root, dir)))
/** file → [{ to }] */
const imports = new Map()
for (const file of files) {
  const found = []
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const to = target(file, match[2])
    if (to) found.push({ to })
  }
  imports.set(file, found)
}

/** Tarjan's strongly connected components of a graph given as node → next nodes: the cycles. */
function cycles(graph) {
  let index = 0
  const stack = []
  const on = new Set()
  const indexOf = new Map()
  const low = new Map()
  const found = []
  const visit = (node) => {
    indexOf.set(node, index)
    low.set(node, index++)
    stack.push(node)
    on.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node), low.get(next)))
      } else if (on.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)))
    }
    if (low.get(node) !== indexOf.get(node)) return
    const component = []
    let member
    do {
      member = stack.pop()
      on.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (graph.get(node) ?? new Set()).has(node)) found.push(component)
  }
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node)
  return found
}

const name = (file) => relative(root, file)
const problems = []

const fileGraph = new Map(files.map((file) => [file, new Set(imports.get(file).map((edge) => edge.to))]))
for (const cycle of cycles(fileGraph))
  problems.push(`import cycle between files: ${cycle.map(name).sort().join(' → ')}`)

/** features/<wing>/<feature>, or null outside the features. */
const featureOf = (file) => {
  const parts = relative(SERVER, file).split('/')
  return parts[0] === 'features' && parts.length > 3 ? parts.slice(1, 3).join('/') : null
}
const featureGraph = new Map()
for (const [file, edges] of imports) {
  const from = featureOf(file)
  if (!from) continue
  for (const edge of edges) {
    const to = featureOf(edge.to)
    if (!to || to === from) continue
    if (!featureGraph.has(from)) featureGraph.set(from, new Set())
    featureGraph.get(from).add(to)
  }
}
for (const cycle of cycles(featureGraph))
  problems.push(
    `features import each other: ${cycle.sort().join(' ↔ ')} (one of them asks the other through a port wired in app.ts)`,
  )

/** The wings from the bottom up: a wing imports only the wings below it (ARCHITECTURE.md, « The server's wings »). */
const WINGS = ['platform', 'account', 'books', 'sales', 'money', 'documents']
const wingOf = (feature) => feature?.split('/')[0] ?? null
for (const [file, edges] of imports) {
  const from = wingOf(featureOf(file))
  if (!from) continue
  for (const edge of edges) {
    const to = wingOf(featureOf(edge.to))
    if (to && to !== from && WINGS.indexOf(to) > WINGS.indexOf(from))
      problems.push(`${name(file)} imports ${name(edge.to)}: ${from} sits below ${to} (${WINGS.join(' < ')})`)
  }
}

for (const [file, edges] of imports) {
  const where = relative(SERVER, file).split('/')[0]
  if (where !== 'lib' && where !== 'db') continue
  for (const edge of edges)
    if (featureOf(edge.to))
      problems.push(`${name(file)} imports a feature (${name(edge.to)}): ${where}/ stays below every wing`)
}

if (problems.length > 0) {
  console.error(`${problems.join('\n')}\n\nARCHITECTURE.md, « The server's wings », says which way imports go.`)
  process.exit(1)
}
console.log(`imports: ${files.length} files, no cycle, wings in order, no feature imported by lib/ or db/`)
