// The import graph of cms/ between its folders, and the layer order it must follow (CONTRIBUTING.md, "Layers").
// `node scripts/folder-graph.mjs [--edges]` prints any cycle and any arrow against the order, with the files that
// make each arrow; cms/layers.unit.test.ts fails on either. Value imports only (static, dynamic, side effect):
// type-only imports vanish at build.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/**
 * cms/ bottom to top: a folder (or a module at cms/'s root, named without its extension) imports values only
 * from folders in lower rows; folders in one row never import each other. A new folder needs a row here.
 */
export const LAYERS = [
  ['access', 'hooks', 'paths', 'secretStrength', 'lexicalPreload', 'initPayload', 'payload-types'],
  ['env', 'release'],
  ['db', 'publicConfig'],
  ['http', 'outbox'],
  ['security'],
  ['audit'],
  ['auth'],
  ['payments'],
  ['email'],
  ['collections'],
  ['globals'],
  ['site'],
  ['api', 'domain'],
  ['money', 'inbox', 'content', 'team', 'membership', 'volunteers'],
  ['portal', 'admin/fields'],
  ['money/portal', 'content/portal', 'team/portal', 'membership/portal', 'volunteers/portal'],
  ['admin/views', 'admin', 'dev'],
  ['domains'],
  ['admin/app', 'app'],
  ['start'],
  ['server'],
]

/**
 * The domains (docs/ARCHITECTURE.md): each a folder of cms/ (its portal part in <domain>/portal), all on one row of
 * LAYERS. A domain uses the infrastructure below it and shared/, never another domain's code: domains that share
 * records (the volunteers' hours count a membership's household and season) reach them through Payload by slug, and
 * the signed-in member through cms/auth/memberLinks.ts. Only the root (ROOT) imports a domain.
 */
export const DOMAINS = ['money', 'inbox', 'content', 'team', 'membership', 'volunteers']
/** The composition root: what lists the domains and hands them to the infrastructure (and payload.config.ts, outside cms/). */
export const ROOT = ['domains', 'app', 'start', 'server', 'admin/views', 'admin/app']

const SOURCE = /\.(ts|tsx|mjs|js)$/
const SKIPPED_DIRS = new Set(['node_modules', '.next'])

/** Source files under `dir`, tests and declaration files left out. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path)
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** The relative specifiers a file imports values from: `import type` and all-`type` lists excepted. */
export function valueImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const found = []
  // `{ type A, type B }`: every name a type, so the whole statement vanishes at build.
  const allTypes = (list) => list.elements.length > 0 && list.elements.every((e) => e.isTypeOnly)
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause
      const bindings = clause?.namedBindings
      const typeOnly = clause && (clause.isTypeOnly || (!clause.name && bindings && ts.isNamedImports(bindings) && allTypes(bindings)))
      if (!typeOnly) found.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const list = node.exportClause
      if (!node.isTypeOnly && !(list && ts.isNamedExports(list) && allTypes(list))) found.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments
      if (specifier && ts.isStringLiteral(specifier)) found.push(specifier.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found.filter((specifier) => specifier.startsWith('.'))
}

/** The file a relative specifier names (./x → x.ts, x.tsx, x/index.ts…), or the path itself (a stylesheet). */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier)
  for (const candidate of ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx']) {
    const path = base + candidate
    if (existsSync(path) && statSync(path).isFile()) return path
  }
  return base
}

/**
 * A file's node in the graph: its top folder under cms/ (admin/ by subfolder, a domain's portal/ apart from its
 * server side: the portal's tab is browser code, built by Next), or a root module's name.
 */
export function folderOf(pathInCms) {
  const parts = pathInCms.split('/')
  if (parts.length === 1) return parts[0].replace(SOURCE, '')
  if (parts.length > 2 && (parts[0] === 'admin' || parts[1] === 'portal')) return `${parts[0]}/${parts[1]}`
  return parts[0]
}

/** Folder → folder → the files (relative to `root`) whose imports make that arrow. */
export function folderGraph(root = process.cwd()) {
  const cms = resolve(root, 'cms')
  const nodes = new Set()
  const edges = new Map()
  for (const file of sourceFiles(cms)) {
    const from = folderOf(relative(cms, file))
    nodes.add(from)
    for (const specifier of valueImports(file, readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier)
      if (!target.startsWith(cms + '/')) continue
      const to = folderOf(relative(cms, target))
      nodes.add(to)
      if (to === from) continue
      if (!edges.has(from)) edges.set(from, new Map())
      const files = edges.get(from).get(to) ?? new Set()
      edges.get(from).set(to, files.add(relative(root, file)))
    }
  }
  return { nodes, edges }
}

/** Every strongly connected set of more than one folder (Tarjan): each is a cycle. */
export function cycles({ nodes, edges }) {
  let next = 0
  const stack = []
  const index = new Map()
  const low = new Map()
  const found = []
  const visit = (v) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)))
    }
    if (low.get(v) === index.get(v)) {
      const component = []
      let w
      do {
        w = stack.pop()
        component.push(w)
      } while (w !== v)
      if (component.length > 1) found.push(component)
    }
  }
  for (const v of nodes) if (!index.has(v)) visit(v)
  return found
}

/** What breaks LAYERS: folders it does not place (or places twice, or that no longer exist), and arrows that do not point down. */
export function layerProblems({ nodes, edges }, layers = LAYERS) {
  const row = new Map()
  const problems = []
  layers.forEach((folders, i) =>
    folders.forEach((folder) => {
      if (row.has(folder)) problems.push(`${folder} is in LAYERS twice`)
      row.set(folder, i)
    }),
  )
  for (const node of nodes) if (!row.has(node)) problems.push(`cms/${node} has no row in LAYERS (scripts/folder-graph.mjs): place it`)
  for (const folder of row.keys()) if (!nodes.has(folder)) problems.push(`${folder} is in LAYERS but not in cms/: remove it`)
  for (const [from, targets] of edges)
    for (const [to, files] of targets)
      if (row.has(from) && row.has(to) && row.get(to) >= row.get(from))
        problems.push(`${from} -> ${to} ${row.get(to) === row.get(from) ? 'within one row' : 'runs back up'}: ${[...files].join(', ')}`)
  return problems
}

/** Arrows into a domain from anything but the root or the domain itself (another domain included). */
export function domainProblems({ edges }, domains = DOMAINS, root = ROOT) {
  const domainOf = (folder) => domains.find((d) => folder === d || folder.startsWith(`${d}/`))
  const problems = []
  for (const [from, targets] of edges)
    for (const [to, files] of targets) {
      const owner = domainOf(to)
      if (!owner || owner === domainOf(from) || root.includes(from)) continue
      const who = domainOf(from)
        ? `the domain ${domainOf(from)} imports another domain's code (reach its records through Payload by slug)`
        : 'only the root imports a domain'
      problems.push(`${from} -> ${to}: ${who}: ${[...files].join(', ')}`)
    }
  return problems
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const graph = folderGraph()
  if (process.argv.includes('--edges'))
    for (const [from, targets] of graph.edges)
      for (const [to, files] of targets) console.log(`${from} -> ${to}  (${[...files].join(', ')})`)
  const found = cycles(graph)
  console.log(found.length ? `cycles: ${JSON.stringify(found)}` : 'no folder-level cycle in cms/')
  for (const component of found)
    for (const from of component)
      for (const [to, files] of graph.edges.get(from) ?? [])
        if (component.includes(to)) console.log(`  ${from} -> ${to}: ${[...files].join(', ')}`)
  const problems = [...layerProblems(graph), ...domainProblems(graph)]
  console.log(problems.length ? `against the layer order:\n  ${problems.join('\n  ')}` : 'every arrow points down the layer order')
  if (found.length || problems.length) process.exitCode = 1
}
