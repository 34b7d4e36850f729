import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The request path's guard: every way in from the network goes through one of the wrappers, which
// authenticate, authorize, parse, run and answer the same way for everyone. An entry point is an
// export of a `'use server'` module (a server action) or an HTTP method exported by a `route.ts`;
// each must be initialised by a call to its wrapper, imported from the wrapper's own module (a
// local function of the same name does not count). A function with its own `'use server'`
// directive is an entry point no wrapper sees, so it is refused wherever it is.

const ACTION_WRAPPERS = { module: '@/server/actions/run-action', names: ['runAction', 'runOpsAction', 'runPublicAction'] };
const ROUTE_WRAPPERS = { module: '@/server/http/run-route', names: ['runRoute'] };
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Auth.js's own sign-in and sign-out: its `signIn()`/`signOut()` read the credentials and set the
 * cookie themselves, with their own throttle and errors (server/auth/authorize.ts).
 */
export const ALLOWED_UNWRAPPED_ACTIONS = new Set(['signInAction', 'staffSignInAction', 'staffSignOutAction']);

export type Finding = { file: string; line: number; name: string; problem: string };
export type Scan = { findings: Finding[]; /** Every entry point seen, `file name`. */ entryPoints: string[] };

/** The entry points under `root`, in the folders that hold application code (tests and tools aside), and those not wrapped. */
export function scanEntryPoints(root: string, folders: readonly string[] = ['app', 'server', 'components', 'shared', 'i18n']): Scan {
  const scan: Scan = { findings: [], entryPoints: [] };
  for (const file of folders.flatMap((folder) => sourceFiles(root, folder))) checkFile(root, file, scan);
  return scan;
}

function sourceFiles(root: string, folder: string): string[] {
  const directory = path.join(root, folder);
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !file.endsWith('.d.ts') && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(folder, file));
}

function checkFile(root: string, file: string, scan: Scan): void {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const isRoute = path.basename(file) === 'route.ts' || path.basename(file) === 'route.tsx';
  // Only a route module or a text naming the directive can hold an entry point: the rest is not parsed.
  if (!isRoute && !text.includes('use server')) return;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const relative = file.split(path.sep).join('/');
  const seen = (name: string) => scan.entryPoints.push(`${relative} ${name}`);
  const report = (node: ts.Node, name: string, problem: string) =>
    scan.findings.push({ file: relative, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, name, problem });

  if (hasUseServer(source.statements)) checkExports(source, ACTION_WRAPPERS, () => true, ALLOWED_UNWRAPPED_ACTIONS, seen, report);
  if (isRoute) checkExports(source, ROUTE_WRAPPERS, (name) => HTTP_METHODS.has(name), new Set(), seen, report);

  // A server action declared inline (`async function save() { 'use server'; … }`).
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && ts.isBlock(node.body) && hasUseServer(node.body.statements)) {
      seen(node.name && ts.isIdentifier(node.name) ? node.name.text : '(inline)');
      report(node, node.name && ts.isIdentifier(node.name) ? node.name.text : '(inline)', "an inline 'use server' function bypasses the action wrappers");
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(source, visit);
}

function hasUseServer(statements: ts.NodeArray<ts.Statement>): boolean {
  for (const statement of statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) return false;
    if (statement.expression.text === 'use server') return true;
  }
  return false;
}

function checkExports(
  source: ts.SourceFile,
  wrappers: { module: string; names: readonly string[] },
  isEntryPoint: (name: string) => boolean,
  allowed: ReadonlySet<string>,
  seen: (name: string) => void,
  report: (node: ts.Node, name: string, problem: string) => void,
): void {
  const wrapperNames = importedWrappers(source, wrappers);
  const wrapped = `initialised by a call to ${wrappers.names.join(' / ')} from ${wrappers.module}`;
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isVariableStatement(statement) && exported) {
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(source);
        if (!isEntryPoint(name)) continue;
        seen(name);
        if (allowed.has(name)) continue;
        const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
        if (!isConst || !declaration.initializer || !isWrapperCall(declaration.initializer, wrapperNames)) report(declaration, name, `not ${wrapped}`);
      }
    } else if (ts.isFunctionDeclaration(statement) && exported) {
      const name = statement.name?.text ?? 'default';
      if (isEntryPoint(name)) seen(name);
      if (isEntryPoint(name) && !allowed.has(name)) report(statement, name, `a function declaration, not ${wrapped}`);
    } else if (ts.isExportAssignment(statement)) {
      if (isEntryPoint('default')) seen('default');
      if (isEntryPoint('default')) report(statement, 'default', 'a default export cannot be checked as wrapped');
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      // `export { x }`, `export { x } from '…'`, `export * from '…'`: what they name is not initialised here.
      const names = statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text) : ['*'];
      for (const name of names.filter((exported) => exported === '*' || isEntryPoint(exported))) {
        seen(name);
        if (!allowed.has(name)) report(statement, name, `re-exported, not ${wrapped} here`);
      }
    }
  }
}

/** The local names the wrappers are imported under, from their own module only. */
function importedWrappers(source: ts.SourceFile, wrappers: { module: string; names: readonly string[] }): Set<string> {
  const local = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== wrappers.module) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings) || statement.importClause?.isTypeOnly) continue;
    for (const element of bindings.elements) {
      if (!element.isTypeOnly && wrappers.names.includes((element.propertyName ?? element.name).text)) local.add(element.name.text);
    }
  }
  return local;
}

function isWrapperCall(expression: ts.Expression, wrapperNames: ReadonlySet<string>): boolean {
  let node = expression;
  while (ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node) || ts.isAsExpression(node)) node = node.expression;
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && wrapperNames.has(node.expression.text);
}
