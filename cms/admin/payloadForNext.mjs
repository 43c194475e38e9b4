// One Payload in the process. The server's bundle holds Payload (scripts/build.mjs), and Next's build of the admin
// imports it at run time as an external package, through links Next writes beside its build
// (`.next/node_modules/payload-<hash>`, to node_modules/payload): followed as written, the admin would load a second
// Payload from node_modules, with classes and module state of its own. After the admin's build each link becomes a
// folder whose modules hand Next the modules the server shared before loading Next (`sharePayloadWithNext`; from
// node_modules when the server runs from its sources, `npm run dev`), and refuse to load without them.
import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const REGISTRY = 'lady-hawks.payload-for-next'

/** What Next's build imports from Payload: the entry points the server shares, and `payload/node`, which it does not. */
const SHARED = { '.': 'payload', './shared': 'payload/shared', './internal': 'payload/internal' }

/** Next's links to Payload in its build at `nextDir` (cms/admin/.next), as paths. */
function payloadLinks(nextDir) {
  const linksDir = join(nextDir, 'node_modules')
  if (!existsSync(linksDir)) return []
  return readdirSync(linksDir)
    .filter((name) => /^payload-[0-9a-f]+$/.test(name))
    .map((name) => join(linksDir, name))
}

/**
 * The server's own Payload modules, by specifier, for the admin's imports; called before Next loads. Refuses an admin
 * built by hand (`next build` alone), whose links still lead to node_modules' Payload, and a build with no link.
 */
export function sharePayloadWithNext(nextDir, modules) {
  const links = payloadLinks(nextDir)
  const unwritten = links.find((path) => lstatSync(path).isSymbolicLink())
  if (unwritten) throw new Error(`${unwritten} leads to a second Payload: build the admin with \`npm run build\` (scripts/build.mjs)`)
  if (links.length === 0) throw new Error(noLinks(nextDir))
  globalThis[Symbol.for(REGISTRY)] = modules
}

// Next's build reaches an external package through such a link; without one it would import node_modules' own.
const noLinks = (nextDir) =>
  `Next's build in ${nextDir} has no link to Payload: see how it imports Payload now (cms/admin/payloadForNext.mjs)`

/** Rewrites Next's links to Payload in its build at `nextDir` as folders that read the server's modules. */
export async function writePayloadForNext(nextDir) {
  const links = payloadLinks(nextDir)
  if (links.length === 0) throw new Error(noLinks(nextDir))
  const files = { 'package.json': JSON.stringify({ type: 'module', exports: exportsMap() }, null, 2) }
  for (const [subpath, specifier] of Object.entries(SHARED)) {
    // An ES module names its exports before it runs: the names are read from Payload itself here.
    const names = Object.keys(await import(specifier))
    const named = names.filter((name) => name !== 'default')
    files[fileFor(subpath)] = [
      `const module = globalThis[Symbol.for(${JSON.stringify(REGISTRY)})]?.[${JSON.stringify(specifier)}]`,
      `if (!module) throw new Error(${JSON.stringify(`Next's build imported ${specifier} before the server shared its own (cms/admin/payloadForNext.mjs)`)})`,
      `export const { ${named.join(', ')} } = module`,
      ...(names.includes('default') ? ['export default module.default'] : []),
      '',
    ].join('\n')
  }
  files['node.mjs'] = "export * from 'payload/node'\n"
  for (const dir of links) {
    // The link itself, never what it points to (node_modules/payload); a folder written by an earlier run, whole.
    if (lstatSync(dir).isSymbolicLink()) unlinkSync(dir)
    else rmSync(dir, { recursive: true })
    mkdirSync(dir)
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  }
}

const fileFor = (subpath) => (subpath === '.' ? 'index.mjs' : `${subpath.slice(2)}.mjs`)

function exportsMap() {
  const map = { './node': './node.mjs' }
  for (const subpath of Object.keys(SHARED)) map[subpath] = `./${fileFor(subpath)}`
  return map
}
