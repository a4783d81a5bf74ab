/**
 * The titles of a Playwright spec file's tests, read from its syntax: the first argument of each `test(…)`
 * and `test.describe(…)` written as a string literal ('…', "…" or `…`). A comment or any other string that
 * happens to hold the same words is not a title. In a template literal each `${…}` stands for whatever it
 * gives when the test runs (`prices ${vat} VAT`), so a cited title matches it with any words there.
 * statement.test.ts holds the statement's citations to these titles; only that test imports this module.
 */
import ts from 'typescript';

/** A test's title as written: the literal words between its `${…}` (one part when it has none). */
export interface SpecTitle {
  /** The title, each `${…}` shown as `${…}`. */
  text: string;
  parts: string[];
}

/** `test(` or `test.describe(`: the calls that name a test or a group of tests. */
const namesATest = (callee: ts.Expression): boolean =>
  (ts.isIdentifier(callee) && callee.text === 'test') ||
  (ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'test' &&
    callee.name.text === 'describe');

const titleOf = (argument: ts.Expression | undefined): SpecTitle | undefined => {
  if (argument === undefined) return undefined;
  if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))
    return { text: argument.text, parts: [argument.text] };
  if (!ts.isTemplateExpression(argument)) return undefined;
  const parts = [argument.head.text, ...argument.templateSpans.map((span) => span.literal.text)];
  return { text: parts.join('${…}'), parts };
};

/** The titles of the tests and groups of tests in a spec file's source, in the order they are written. */
export function specTitles(source: string): SpecTitle[] {
  const file = ts.createSourceFile('spec.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const titles: SpecTitle[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && namesATest(node.expression)) {
      const title = titleOf(node.arguments[0]);
      if (title) titles.push(title);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return titles;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `cited` is the whole of `title`: equal to it, or, for a template, with words in each `${…}`. */
export function isTitle(cited: string, title: SpecTitle): boolean {
  if (title.parts.length === 1) return cited === title.text;
  return new RegExp(`^${title.parts.map(escapeRegExp).join('.+')}$`, 's').test(cited);
}
