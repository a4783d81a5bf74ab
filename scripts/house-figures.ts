/**
 * The house's figures (issue "One home per feature"): functions of 80 lines or more, files over 300 lines
 * (seed data excluded) and type assertions (`as T`, `<T>x`; `as const` is not one) in `src/` and the
 * workspace packages (`packages/`: the stand-ins and what they share with the shop), tests
 * excluded. `npm run figures:house` prints them with the worst places first; `--all` lists every place.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const FUNCTION_LINES = 80;
const FILE_LINES = 300;
/** Generated or data files: long by nature, not by design. */
const DATA = /\/seed\/(?:data\/)?[^/]+\.ts$|\/country-data\.ts$/;

interface Figures {
  casts: Map<string, number>;
  functions: string[];
  files: string[];
}

const sourceFiles = (): string[] =>
  execFileSync('git', ['ls-files', 'src', 'packages'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'));

const isCast = (node: ts.Node): boolean =>
  (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
  !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const');

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node);

function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  return ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)
    ? parent.name.getText()
    : '(anonymous)';
}

function measureFile(file: string, figures: Figures): void {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length;
  if (lines > FILE_LINES && !DATA.test(file)) figures.files.push(`${lines} ${file}`);
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node): void => {
    if (isCast(node)) figures.casts.set(file, (figures.casts.get(file) ?? 0) + 1);
    if (isFunction(node)) {
      const length = lineOf(node.getEnd()) - lineOf(node.getStart()) + 1;
      if (length >= FUNCTION_LINES)
        figures.functions.push(`${length} ${file}:${lineOf(node.getStart()) + 1} ${functionName(node)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const byNumber = (a: string, b: string): number => Number.parseInt(b, 10) - Number.parseInt(a, 10);

function print(figures: Figures, all: boolean): void {
  const top = (list: string[]) => (all ? list : list.slice(0, 15));
  const casts = [...figures.casts].sort((a, b) => b[1] - a[1]).map(([file, count]) => `${count} ${file}`);
  const total = [...figures.casts.values()].reduce((sum, count) => sum + count, 0);
  console.info(`type assertions in src/ and packages/: ${total}`);
  for (const line of top(casts)) console.info(`  ${line}`);
  console.info(`functions of ${FUNCTION_LINES}+ lines: ${figures.functions.length}`);
  for (const line of top(figures.functions.sort(byNumber))) console.info(`  ${line}`);
  console.info(`files over ${FILE_LINES} lines (seed data excluded): ${figures.files.length}`);
  for (const line of top(figures.files.sort(byNumber))) console.info(`  ${line}`);
}

const figures: Figures = { casts: new Map(), functions: [], files: [] };
for (const file of sourceFiles()) measureFile(file, figures);
print(figures, process.argv.includes('--all'));
