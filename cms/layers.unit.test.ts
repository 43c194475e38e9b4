import { describe, expect, it } from 'vitest'
import {
  cycles,
  domainProblems,
  folderGraph,
  folderOf,
  layerProblems,
  LAYERS,
  valueImports,
  type FolderGraph,
} from '../scripts/folder-graph.mjs'

/**
 * cms/'s folders form layers (CONTRIBUTING.md, "Layers"; the order is LAYERS in scripts/folder-graph.mjs):
 * a folder imports values only from lower ones, so no two folders need each other. Type-only imports
 * are free: they vanish at build.
 */
const graph = folderGraph()

describe('the layers of cms/', () => {
  it('has no cycle between folders', () => {
    expect(cycles(graph)).toEqual([])
  })

  it('has every folder in LAYERS, and every arrow pointing down', () => {
    expect(layerProblems(graph)).toEqual([])
  })

  it('catches an arrow back up: a cycle, and the arrow named with its file', () => {
    const edges = new Map([...graph.edges].map(([from, targets]) => [from, new Map(targets)]))
    edges.set('env', new Map([...(edges.get('env') ?? []), ['collections', new Set(['cms/env.ts'])]]))
    const broken: FolderGraph = { nodes: graph.nodes, edges }
    expect(cycles(broken).flat()).toEqual(expect.arrayContaining(['env', 'collections', 'db']))
    expect(layerProblems(broken)).toContain('env -> collections runs back up: cms/env.ts')
  })

  it('catches arrows within a row and folders LAYERS does not place', () => {
    const graphOf = (edges: Array<[string, string]>): FolderGraph => ({
      nodes: new Set(edges.flat()),
      edges: new Map(edges.map(([from, to]) => [from, new Map([[to, new Set([`cms/${from}/x.ts`])]])])),
    })
    expect(layerProblems(graphOf([['http', 'outbox']]), LAYERS)).toContain('http -> outbox within one row: cms/http/x.ts')
    expect(layerProblems(graphOf([['newFolder', 'env']]), LAYERS)[0]).toMatch(/^cms\/newFolder has no row in LAYERS/)
  })

  it('has domains imported by the root alone, never by another domain or the infrastructure', () => {
    expect(domainProblems(graph)).toEqual([])
  })

  it('refuses a domain importing another domain, and the infrastructure importing a domain', () => {
    const graphOf = (edges: Array<[string, string]>): FolderGraph => ({
      nodes: new Set(edges.flat()),
      edges: new Map(edges.map(([from, to]) => [from, new Map([[to, new Set([`cms/${from}/x.ts`])]])])),
    })
    const problems = domainProblems(
      graphOf([
        ['volunteers', 'membership'],
        ['site', 'team'],
        ['domains', 'team'],
        ['team/portal', 'team'],
      ]),
    )
    expect(problems).toEqual([
      "volunteers -> membership: the domain volunteers imports another domain's code (reach its records through Payload by slug): cms/volunteers/x.ts",
      'site -> team: only the root imports a domain: cms/site/x.ts',
    ])
  })

  it('counts value imports only: static, dynamic and side-effect imports and re-exports, not type-only ones', () => {
    const text = [
      "import type { A } from './typeOnly'",
      "import { type B, type C } from './allTypes'",
      "export type { D } from './typeExport'",
      "import { E, type F } from './mixed'",
      "import G from './defaultImport'",
      "export * from './reExport'",
      "import './sideEffect.css'",
      "const h = await import('./dynamic')",
      "import { I } from 'a-package'",
    ].join('\n')
    expect(valueImports('x.ts', text)).toEqual(['./mixed', './defaultImport', './reExport', './sideEffect.css', './dynamic'])
  })

  it('names a file by its top folder, admin/ by subfolder, a root module by its name', () => {
    expect(folderOf('payments/ledger.ts')).toBe('payments')
    expect(folderOf('portal/lib/keys.ts')).toBe('portal')
    expect(folderOf('admin/views/PortalApp.tsx')).toBe('admin/views')
    expect(folderOf('admin/next.ts')).toBe('admin')
    expect(folderOf('membership/portal/MembersTab.tsx')).toBe('membership/portal')
    expect(folderOf('membership/collections/Seasons.ts')).toBe('membership')
    expect(folderOf('volunteers/collections/VolunteerShifts.ts')).toBe('volunteers')
    expect(folderOf('env.ts')).toBe('env')
  })
})
