// The issue's "openapi-typescript generates a client from the committed document whose strict type
// check passes with no `unknown` in request bodies", checked: src/generated/openapi.ts (regenerate
// it first: npm run generate) must pass `tsc --strict`, and no request body of any operation may
// hold `unknown` or `any` anywhere inside it, $refs to components followed. Exit 1 with each path.
// Run on another file: node scripts/check-types.mjs <file>.
// Run: npm run check:types
import path from 'node:path';
import ts from 'typescript';

const file = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../src/generated/openapi.ts'));
const program = ts.createProgram([file], {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: false,
  types: [],
});
const diagnostics = ts.getPreEmitDiagnostics(program);
let failed = false;
if (diagnostics.length > 0) {
  failed = true;
  process.stderr.write(`tsc --strict over ${path.relative(process.cwd(), file)}: ${diagnostics.length} errors\n`);
  process.stderr.write(ts.formatDiagnostics(diagnostics.slice(0, 20), { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' }));
}

const checker = program.getTypeChecker();
const source = program.getSourceFile(file);
const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source));
// The API's operations are the ones under `paths` (a `webhooks` section describes what Lectern sends).
const pathsSymbol = exported.find((symbol) => symbol.name === 'paths');
if (pathsSymbol === undefined) {
  process.stderr.write(`${file} exports no \`paths\` interface\n`);
  process.exit(1);
}

const typeOf = (symbol) => checker.getTypeOfSymbolAtLocation(symbol, symbol.valueDeclaration ?? symbol.declarations?.[0] ?? source);
const findings = [];

function walk(type, where, seen) {
  if (type.flags & ts.TypeFlags.Unknown) return void findings.push(`${where} is unknown`);
  if (type.flags & ts.TypeFlags.Any) return void findings.push(`${where} is any`);
  if (seen.has(type)) return;
  seen.add(type);
  if (type.isUnionOrIntersection()) {
    for (const member of type.types) walk(member, where, seen);
    return;
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    for (const element of checker.getTypeArguments(type)) walk(element, `${where}[]`, seen);
    return;
  }
  if (type.flags & ts.TypeFlags.Object) {
    for (const property of checker.getPropertiesOfType(type)) walk(typeOf(property), `${where}.${property.name}`, seen);
    for (const index of checker.getIndexInfosOfType(type)) walk(index.type, `${where}[key]`, seen);
  }
}

let bodies = 0;
for (const pathItem of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(pathsSymbol))) {
  for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
    const operation = checker.getPropertyOfType(typeOf(pathItem), method);
    if (operation === undefined) continue;
    const requestBody = checker.getPropertyOfType(checker.getNonNullableType(typeOf(operation)), 'requestBody');
    if (requestBody === undefined) continue;
    const bodyType = checker.getNonNullableType(typeOf(requestBody));
    if (bodyType.flags & ts.TypeFlags.Never) continue;
    bodies++;
    walk(bodyType, `${method.toUpperCase()} ${pathItem.name}: requestBody`, new Set());
  }
}

if (findings.length > 0) {
  failed = true;
  process.stderr.write(`Request bodies with unknown or any types (${findings.length}), to be typed in docs/openapi.json:\n`);
  for (const finding of findings) process.stderr.write(`  ${finding}\n`);
}
if (failed) process.exit(1);
process.stdout.write(`${path.relative(process.cwd(), file)}: strict type check passed; ${bodies} request bodies, none with unknown\n`);
