// Pages load, components render (DESIGN.md "Data flow rules"): a page calls a loader in
// server/<domain> and passes plain data down; nothing under components/ reaches the database or
// builds a query. Type-only imports (a row's column type) vanish and are allowed.
import path from 'node:path';

const DATABASE_MODULES = ['@/server/db', 'drizzle-orm'];

const reachesDatabase = (source) => DATABASE_MODULES.some((module) => source === module || source.startsWith(`${module}/`));

/** A relative specifier as the `@/` one it names, so `../../server/db/…` is caught too. */
function asAliased(source, file) {
  if (!source.startsWith('.')) return source;
  return `@/${path.posix.normalize(path.posix.join(path.posix.dirname(file), source))}`;
}

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type'));

const noDatabase = {
  meta: {
    type: 'problem',
    docs: { description: 'components/ render props: they import neither the database nor drizzle-orm' },
    schema: [],
    messages: {
      database: "A component may not import '{{source}}': load the data in server/<domain>, call the loader from the page and pass the result down.",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (!file.startsWith('components/')) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !reachesDatabase(asAliased(source, file))) return;
      context.report({ node, messageId: 'database', data: { source } });
    };
    const checkDeclaration = (node) => {
      if (node.source && !isTypeOnly(node)) check(node, node.source.value);
    };
    return {
      ImportDeclaration: checkDeclaration,
      ExportNamedDeclaration: checkDeclaration,
      ExportAllDeclaration: checkDeclaration,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node, node.source.value);
      },
    };
  },
};

export const componentsRenderProps = { rules: { 'no-database': noDatabase } };
