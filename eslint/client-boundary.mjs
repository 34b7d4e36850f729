// The client/server boundary (DESIGN.md "Layout"): client components import from server/ only
// server action modules ('use server'); the browser's share of the domain rules lives in the
// top-level shared/, which itself imports nothing server-only. Type-only imports cross freely: they vanish.
import fs from 'node:fs';
import path from 'node:path';

const directiveCache = new Map();

function hasDirective(program, directive) {
  return program.body.some((node) => node.type === 'ExpressionStatement' && node.directive === directive);
}

/** Whether the module `@/server/…` starts with 'use server' (a server action module). */
function isServerActionModule(specifier, root) {
  if (directiveCache.has(specifier)) return directiveCache.get(specifier);
  const base = path.join(root, specifier.slice(2));
  const file = ['.ts', '.tsx'].map((ext) => base + ext).find((candidate) => fs.existsSync(candidate));
  const result = file ? /^\s*(\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*['"]use server['"]/.test(fs.readFileSync(file, 'utf8')) : false;
  directiveCache.set(specifier, result);
  return result;
}

const isTypeOnly = (node) =>
  node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type'));

const clientImports = {
  meta: {
    type: 'problem',
    docs: { description: "client components import from server/ only 'use server' action modules" },
    schema: [],
    messages: {
      serverModule: "A client component may import '{{source}}' only as a type: move what the browser needs to shared/.",
    },
  },
  create(context) {
    let isClient = false;
    return {
      Program(program) {
        isClient = hasDirective(program, 'use client');
      },
      ImportDeclaration(node) {
        const source = node.source.value;
        if (!isClient || typeof source !== 'string' || !source.startsWith('@/server/') || isTypeOnly(node)) return;
        if (isServerActionModule(source, context.cwd)) return;
        context.report({ node, messageId: 'serverModule', data: { source } });
      },
    };
  },
};

const sharedStaysClientSafe = {
  meta: {
    type: 'problem',
    docs: { description: 'shared/ imports nothing the browser cannot load' },
    schema: [],
    messages: {
      serverOnly: "shared/ is loaded by the browser too: it may not import '{{source}}'.",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (!file.startsWith('shared/')) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || isTypeOnly(node)) return;
        const serverModule = source.startsWith('@/server/');
        if (serverModule || source === 'server-only' || source.startsWith('node:') || source.startsWith('next/server')) {
          context.report({ node, messageId: 'serverOnly', data: { source } });
        }
      },
    };
  },
};

export const clientBoundary = { rules: { 'client-imports': clientImports, 'shared-stays-client-safe': sharedStaysClientSafe } };
