// @ts-check
/**
 * Layers that only point down (`npm run depcruise`, run in CI after the type check). From the top:
 *
 *   composition     src/server.ts, src/app.ts, src/background.ts, src/config.ts, src/cli/
 *   plugins         src/plugins/     cross-cutting request handling (auth, idempotency, errors…)
 *   modules         src/modules/     one folder per resource; inside one, routes and jobs → service → repository
 *   infrastructure  src/jobs/, src/db/, src/shared/, src/runtime/
 *
 * A layer imports only from the layers below it, never from one above; modules may import each
 * other (an export reads the course tree, every write records events) as long as no cycle forms.
 * Type-only imports count: a cycle through a type is still a cycle to read through.
 *
 * Code that reaches into a dependency's internals lives in src/runtime/ and nowhere else.
 */
import fs from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8'));

const COMPOSITION = '^src/(?:(?:app|server|config|background[^/]*)\\.ts$|cli/)';
const PLUGINS = '^src/plugins/';
const MODULES = '^src/modules/';
const INFRASTRUCTURE = '^src/(?:jobs|db|shared|runtime)/';
const RUNTIME = '^src/runtime/';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What of each dependency is public. A package with an `exports` map publishes what the map
 * lists, and the resolver below honours the map, so a path outside it does not resolve
 * (`not-to-unresolvable`). A package without one publishes its main file and its types; any other
 * file in it (`fastify/lib/symbols.js`, `pino/lib/…`) is private.
 */
function publicEntries() {
  const entries = [];
  for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
    const manifestFile = path.join(import.meta.dirname, 'node_modules', name, 'package.json');
    if (!fs.existsSync(manifestFile)) continue;
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    const root = `^node_modules/${escape(name)}/`;
    if (manifest.exports) {
      entries.push(root);
      continue;
    }
    for (const file of [manifest.main ?? 'index.js', manifest.types, manifest.typings]) {
      if (!file) continue;
      const relative = path.posix.normalize(file);
      entries.push(`${root}${escape(relative)}${path.extname(relative) ? '' : '(?:\\.js|/index\\.js)'}$`);
    }
  }
  return entries;
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles: a module that needs what imports it takes it as a parameter, or the shared piece moves down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'infrastructure-imports-no-layer-above',
      severity: 'error',
      comment:
        'The job queue, the database, shared helpers and runtime tunings sit below every module: they import no module, plugin, ' +
        'entry point or configuration. What they need from above is passed in (a job handler, a listener, a value).',
      from: { path: INFRASTRUCTURE },
      to: { path: [MODULES, PLUGINS, COMPOSITION] },
    },
    {
      name: 'modules-import-no-plugin-or-composition',
      severity: 'error',
      comment:
        'Modules sit below the plugins and where the app is composed: a piece a module needs from a plugin moves down ' +
        '(into src/shared/ or the module); configuration reaches a module as values in its context, never as Config.',
      from: { path: MODULES },
      to: { path: [PLUGINS, COMPOSITION] },
    },
    {
      name: 'plugins-import-no-composition',
      severity: 'error',
      comment: 'Plugins are registered by app.ts and take their settings as options; they import no entry point and no Config.',
      from: { path: PLUGINS },
      to: { path: COMPOSITION },
    },
    {
      name: 'repository-imports-no-service-route-or-job',
      severity: 'error',
      comment: 'A repository holds SQL only: it imports no service, routes or job handler (of its module or another).',
      from: { path: '\\.repository\\.ts$' },
      to: { path: '\\.(?:service|routes|job)\\.ts$' },
    },
    {
      name: 'service-imports-no-route-or-job',
      severity: 'error',
      comment:
        'Services are called by routes and by job handlers, never the other way round; a service that needs what a job ' +
        'does names it as an interface in its context (webhooks.service.ts: DeliveryAttempts).',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.(?:routes|job)\\.ts$' },
    },
    {
      name: 'entry-points-only-from-composition',
      severity: 'error',
      comment:
        "A module's routes (HTTP) and job handlers (the job runner) are its entry points: only where the app is composed " +
        '(app.ts, background.ts) imports them.',
      from: { pathNot: COMPOSITION },
      to: { path: '^src/modules/.+\\.(?:routes|job)\\.ts$' },
    },
    {
      name: 'no-private-path-of-a-dependency',
      severity: 'error',
      comment:
        "A dependency's internals (fastify/lib/*, a package's dist/ or lib/ files that it does not publish) change without notice " +
        'in any release: only src/runtime/, whose tunings a switch turns off, may reach them.',
      from: { pathNot: RUNTIME },
      to: { path: '^node_modules/', pathNot: publicEntries() },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment:
        "A package that is not in package.json is some dependency's own dependency: importing it reaches into that " +
        "dependency's internals, and it may go away in any release.",
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: "An import that does not resolve: a typo, or a dependency's path that its exports map does not publish.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too (a cycle through a type is still a cycle).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Paths stay node_modules/<package>/… even where node_modules is a link (the rules match them).
    preserveSymlinks: true,
    // Resolve as Node does for this ESM project, honouring packages' exports maps.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'node', 'default'],
      mainFields: ['types', 'typings', 'module', 'main'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
