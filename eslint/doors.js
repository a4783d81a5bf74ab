/**
 * One door per feature (issue 67). A feature's folders (`src/features/<x>/` for state and rules,
 * `src/components/<x>/` for what the browser draws) are entered from elsewhere only through a door:
 * `index.ts` (anywhere), `index.client.ts` (browser scripts) or `index.server.ts` (Node only). A component
 * (`Name.astro`, `Name.tsx`) is a door of its own, and a page may attach a folder's script or stylesheet
 * (`import './x.client.ts'`, `import './x.css'`). `src/strings.ts` gathers every feature's texts modules.
 * Whatever else a folder holds is its own business, free to change without asking anyone.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DOORS = new Set(['index.ts', 'index.client.ts', 'index.server.ts']);

/** A file's path from the project's root, with `/` between folders. */
const fromRoot = (file) => relative(ROOT, file).split(sep).join('/');

/** `…/src/features/cart/totals.ts` → { folder: 'features/cart', feature: 'cart', inside: 'totals.ts' }. */
function place(file) {
  const match = /^src\/(features|components)\/([^/]+)\/(.+)$/.exec(fromRoot(file));
  return match ? { folder: `${match[1]}/${match[2]}`, feature: match[2], inside: match[3] } : undefined;
}

/** Why `from` may not import `target`, or undefined when it may. */
export function doorProblem(from, target, bare) {
  const to = place(target);
  if (!to || place(from)?.feature === to.feature) return undefined;
  if (DOORS.has(to.inside)) return undefined;
  if (to.folder.startsWith('components/') && /^[A-Z][^/]*\.(astro|tsx)$/.test(to.inside)) return undefined;
  if (bare && /\.(client\.ts|css)$/.test(to.inside)) return undefined;
  if (fromRoot(from) === 'src/strings.ts' && /(^|[-/])texts\.ts$/.test(to.inside)) return undefined;
  return `${to.folder}/${to.inside} is ${to.folder}'s own: take what it lends through its door (${to.folder}/index.ts, index.client.ts or index.server.ts), or name it there.`;
}

/** @type {import('eslint').Rule.RuleModule} */
export const doors = {
  meta: {
    type: 'problem',
    docs: { description: 'Enter another feature only through its door.' },
    schema: [],
  },
  create(context) {
    const check = (node, bare) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const message = doorProblem(context.filename, resolve(dirname(context.filename), spec), bare);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.specifiers.length === 0),
      ExportNamedDeclaration: (node) => check(node, false),
      ExportAllDeclaration: (node) => check(node, false),
      ImportExpression: (node) => check(node, false),
    };
  },
};
