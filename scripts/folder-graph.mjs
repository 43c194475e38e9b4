// `node scripts/folder-graph.mjs [--edges]`: the import graph of cms/ between its folders (value imports only:
// type-only imports vanish at build), and any cycle in it with the files that make each arrow.
import { readFileSync, readdirSync } from 'node:fs'
import { join, dirname, resolve, relative } from 'node:path'
const root = process.cwd(),
  cms = resolve(root, 'cms')
const files = []
const walk = (d) => {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const f = join(d, e.name)
    if (e.isDirectory()) {
      if (!['migrations', '.next', 'node_modules'].includes(e.name)) walk(f)
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !e.name.endsWith('.d.ts')) files.push(f)
  }
}
walk(cms)
const folder = (f) => {
  const r = relative(cms, f).split('/')
  if (r[0] === 'admin' && r.length > 2) return 'admin/' + r[1]
  return r.length > 1 ? r[0] : r[0].replace(/\.tsx?$/, '')
}
const edges = new Map()
for (const f of files) {
  const src = readFileSync(f, 'utf8')
  for (const m of src.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)) {
    if (m[2]) continue
    // all-type named imports: import { type A, type B }
    const clause = m[0]
    const inner = clause.match(/\{([^}]*)\}/)
    if (
      inner &&
      !/^\s*import\s+\w/.test(clause.replace(/^\s*import\s+\{/, 'import {')) &&
      inner[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '))
    )
      continue
    const t = resolve(dirname(f), m[3])
    if (!t.startsWith(cms + '/')) continue
    const a = folder(f),
      b = folder(t + '.ts')
    if (a === b) continue
    if (!edges.has(a)) edges.set(a, new Map())
    const e = edges.get(a)
    e.set(b, [...(e.get(b) ?? []), relative(root, f)])
  }
}
// Tarjan SCC
let idx = 0
const st = [],
  on = new Set(),
  ix = new Map(),
  low = new Map(),
  sccs = []
const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])
const sc = (v) => {
  ix.set(v, idx)
  low.set(v, idx)
  idx++
  st.push(v)
  on.add(v)
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!ix.has(w)) {
      sc(w)
      low.set(v, Math.min(low.get(v), low.get(w)))
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), ix.get(w)))
  }
  if (low.get(v) === ix.get(v)) {
    const c = []
    let w
    do {
      w = st.pop()
      on.delete(w)
      c.push(w)
    } while (w !== v)
    if (c.length > 1) sccs.push(c)
  }
}
for (const v of nodes) if (!ix.has(v)) sc(v)
if (process.argv.includes('--edges'))
  for (const [a, m] of edges) for (const [b, fs] of m) console.log(`${a} -> ${b}  (${[...new Set(fs)].join(', ')})`)
console.log(sccs.length ? 'cycles: ' + JSON.stringify(sccs) : 'no folder-level cycle in cms/')
for (const c of sccs)
  for (const a of c)
    for (const [b, fs] of edges.get(a) ?? []) if (c.includes(b)) console.log(`  ${a} -> ${b}: ${[...new Set(fs)].join(', ')}`)
