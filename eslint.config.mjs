// Lint: TypeScript and React hooks rules, plus the layering of the code as rules (see CONTRIBUTING.md, "Layers").
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { DOMAINS, LAYERS, ROOT } from './scripts/folder-graph.mjs'

const features = readdirSync('site/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** cms/'s infrastructure, each of LAYERS' folders that is neither a domain nor the root: as an import target's path. */
const isDomain = (folder) => DOMAINS.some((d) => folder === d || folder.startsWith(`${d}/`))
const infrastructure = LAYERS.flat()
  .filter((folder) => !isDomain(folder) && !ROOT.includes(folder))
  .map((folder) => {
    if (folder === 'admin') return 'cms/admin/*.*' // its own modules; its subfolders are rows of their own
    if (existsSync(`cms/${folder}`) && statSync(`cms/${folder}`).isDirectory()) return `cms/${folder}`
    return ['ts', 'tsx'].map((ext) => `cms/${folder}.${ext}`).find((file) => existsSync(file))
  })
  .filter(Boolean)

/** Who may not import whom. Each zone: files in `target` must not import files in `from`. */
const layers = [
  ...features.map((feature) => ({
    target: `site/src/features/${feature}`,
    from: 'site/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to site/src/components or site/src/lib.',
  })),
  {
    target: ['cms/portal', 'cms/*/portal'],
    from: 'site',
    message:
      'The admin portal (built by Next) never imports the public site (built by Vite): UI both show lives in ui/, shared logic in #shared/*.',
  },
  {
    target: ['site', 'ui'],
    from: ['cms/admin', 'cms/portal'],
    message:
      "The public site never imports the admin portal: Next builds the portal (cms/portal) inside Payload's admin at /admin (cms/admin/views), Vite builds the site.",
  },
  {
    target: 'ui',
    from: ['site', 'cms'],
    message: 'ui/ is what the public site and the admin portal both show: it imports neither, only #shared/*.',
  },
  {
    target: ['site/src/components', 'site/src/lib'],
    from: ['site/src/features', 'site/src/pages'],
    message: 'Shared UI and helpers never depend on a feature or a page.',
  },
  {
    target: 'shared',
    from: ['site', 'ui', 'testing'],
    message: 'shared/ runs in the browser and on the server: it imports nothing from site/, ui/ or testing/, and only types from cms/.',
  },
  // The domains (scripts/folder-graph.mjs DOMAINS): each one's code is its own, and only the root imports it.
  ...DOMAINS.map((domain) => ({
    target: DOMAINS.filter((other) => other !== domain).map((other) => `cms/${other}`),
    from: `cms/${domain}`,
    message: "A domain never imports another domain's code: reach its records through Payload by slug.",
  })),
  {
    target: infrastructure,
    from: DOMAINS.map((domain) => `cms/${domain}`),
    message:
      'Only the root (cms/domains.ts, payload.config.ts, cms/admin/views) imports a domain: the infrastructure offers a registration point the domain fills (its Domain object).',
  },
  {
    target: 'cms',
    from: ['site', 'ui'],
    message: 'The server never imports browser code: what both need lives in shared/ (#shared/*).',
  },
]

/** The portal's browser code, bundled by Next: its infrastructure (cms/portal) and each domain's tabs (cms/<domain>/portal). */
const PORTAL_FILES = ['cms/portal/**/*.{ts,tsx}', 'cms/*/portal/**/*.{ts,tsx}']

/**
 * File names say what a file holds (bulletproof-react checks its names the same way): a component file is
 * PascalCase (`DonateOptions.tsx`), any other module camelCase (`clubDay.ts`, `postedForm.tsx`: several
 * exports), a Payload collection or global PascalCase like the config it exports (`Campaigns.ts`). Tests take
 * their module's name (`throttle.unit.test.ts`); browser tests in e2e/ and scripts are named for what they do,
 * in kebab-case, as are the files Next and Vite look up by name.
 */
const PASCAL = /^[A-Z][A-Za-z0-9]*$/
const CAMEL = /^[a-z][A-Za-z0-9]*$/
const FRAMEWORK_FILES = new Set(['page', 'layout', 'not-found', 'entry-server', 'importMap', 'next-env'])
const fileNames = {
  meta: { type: 'suggestion', schema: [], messages: { name: '{{file}}: {{expected}}' } },
  create(context) {
    const file = path
      .relative(import.meta.dirname, context.filename)
      .split(path.sep)
      .join('/')
    const base = path.basename(file).replace(/(\.(unit|api))?(\.test)?\.(d\.)?(ts|tsx)$/, '')
    if (FRAMEWORK_FILES.has(base)) return {}
    // A collection or global is named like its config, in the house's folders and in a domain's (cms/<domain>/collections).
    const configFolder = /^cms\/([^/]+\/)?(collections|globals)\/[^/]+$/.test(file)
    // Components and Payload's collections and globals may be PascalCase; every other module is camelCase.
    const ok = CAMEL.test(base) || ((file.endsWith('.tsx') || configFolder) && PASCAL.test(base))
    if (ok) return {}
    const expected = file.endsWith('.tsx')
      ? 'name a component file in PascalCase, any other module in camelCase'
      : 'name a module in camelCase (a Payload collection or global in PascalCase)'
    return { Program: (node) => context.report({ node, messageId: 'name', data: { file, expected } }) }
  },
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.scratch*/',
      'dist/',
      'cms/admin/.next/',
      'cms/admin/next-env.d.ts',
      'cms/admin/app/(payload)/admin/importMap.js',
      'site/dist/',
      'site/dist-server/',
      'data/',
      'backups/',
      'mutate/reports/',
      'mutate/.stryker-tmp/',
      'cms/db/migrations/*.json',
      '**/payload-types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // no-cycle reads the imported files too: with TypeScript's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      // No module reaches itself through its imports: a cycle means two files are one, or one belongs lower (type-only imports are erased, so allowed).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // `_` marks a parameter a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      // An import names the area it reaches (package.json "imports": #shared, #ui, #site, #portal, #admin, #testing).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){3,}',
              message:
                'Import through an alias (#ui/…, #site/…, #portal/…, #admin/…, #shared/…, #testing/…) instead of climbing three folders.',
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations: Payload writes each one's signature with every argument, used or not.
    files: ['cms/db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { args: 'none' }] },
  },
  {
    files: ['cms/**/*.{ts,tsx}', 'site/src/**/*.{ts,tsx}', 'shared/**/*.ts', 'ui/**/*.{ts,tsx}', 'testing/**/*.ts'],
    // Payload names migrations by their time and purpose.
    ignores: ['cms/db/migrations/*'],
    plugins: { house: { rules: { 'file-names': fileNames } } },
    rules: { 'house/file-names': 'error' },
  },
  {
    // Payload's admin views, the portal they mount and our field components (a domain's in its fields/) are browser code bundled by Next: they may use ui/.
    files: ['cms/admin/views/**/*.tsx', 'cms/admin/fields/**/*.tsx', 'cms/*/fields/**/*.tsx', ...PORTAL_FILES],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layers.filter((zone) => zone.target !== 'cms') }] },
  },
  {
    // Code that reaches the browser imports server code and packages only as types (erased at build).
    files: ['site/src/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}', ...PORTAL_FILES, 'shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/cms', '**/cms/**', 'payload', 'payload/**', '@payloadcms/**'],
              allowTypeImports: true,
              message: 'Browser code imports shared code as #shared/*, and only types from the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['site/src/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}', ...PORTAL_FILES],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-hooks/exhaustive-deps': 'error',
      // Deliberate uses, kept visible as warnings: the home page remembers the latest hash in a ref without
      // re-running its scroll effect (pages/HomePage.tsx), the card dialog resets its script state on open,
      // and the admin list goes back a page when its last row is deleted (cms/portal/lib/list.ts).
      'react-hooks/refs': 'warn',
      'react-hooks/set-state-in-effect': 'warn',
      // A form without a method is sent with GET before (or without) the page's code: what was typed
      // (a message, a password) would land in the address bar, the history and access logs.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='method'][value.value='post']))",
          message:
            'Give every <form> method="post": without JavaScript a form without one is sent with GET, putting what was typed in the URL.',
        },
      ],
    },
  },
  {
    // Tests read loosely-typed JSON from HTTP responses: `any` there is the honest type.
    files: ['**/*.test.ts', 'testing/**/*.ts', 'bench/**/*.ts'],
    // They also feed control characters to the server on purpose.
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-control-regex': 'off' },
  },
  {
    // A test runs every time, waits on events rather than the clock, and polls as long as every other (docs/TESTING.md, "Time in a test").
    files: ['**/*.test.ts', 'testing/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[object.name=/^(it|test|describe)$/][property.name=/^(skip|only|todo|skipIf|runIf)$/]',
          message: 'Every test runs, every time: no skipped, focused or conditional tests.',
        },
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed sleeps: wait on the event (a locator, a request, expect.poll).',
        },
        {
          // new Promise((resolve) => setTimeout(resolve, n)), with or without braces
          selector:
            "NewExpression[callee.name='Promise'] > ArrowFunctionExpression > CallExpression[callee.name='setTimeout'], NewExpression[callee.name='Promise'] > ArrowFunctionExpression > BlockStatement > ExpressionStatement > CallExpression[callee.name='setTimeout']",
          message: 'No fixed sleeps: wait on the event (a locator, a request, expect.poll).',
        },
        {
          selector:
            "CallExpression[callee.name='expect'] CallExpression[callee.object.name='Date'][callee.property.name='now'], CallExpression[callee.property.name=/^to/] > CallExpression[callee.object.name='Date'][callee.property.name='now'], CallExpression[callee.property.name=/^to/] > BinaryExpression CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message:
            'No clock in an assertion: compare with an instant the test set (TEST_TASK_CLOCK, a fixed date) or read around the request (const before = Date.now() …).',
        },
        {
          selector: "CallExpression[callee.property.name='poll'] > ObjectExpression > Property[key.name='timeout']",
          message: 'One expect.poll timeout for the whole suite: vitest.config.ts sets it.',
        },
      ],
    },
  },
)
