/**
 * The statement's data against WCAG 2.2's own list of A and AA success criteria (written out here, not read
 * from the file), and against the tests it cites: a criterion met or partly met names a spec file that
 * exists and quotes the whole title of one of its tests or groups of tests (spec-titles.ts reads them from
 * the file's syntax, so words in a comment do not count), so removing or renaming a test that carries a
 * claim fails here. 4.1.1 Parsing is left out: WCAG 2.2 made it obsolete and removed it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  accessibilityStatement,
  byPrinciple,
  compareIds,
  conformance,
  knownGaps,
  statementSchema,
  statusCounts,
  type Criterion,
} from './statement.ts';
import { isTitle, specTitles, type SpecTitle } from './spec-titles.ts';

/** WCAG 2.2's level A success criteria (31, without the removed 4.1.1). */
const LEVEL_A = [
  '1.1.1', '1.2.1', '1.2.2', '1.2.3', '1.3.1', '1.3.2', '1.3.3', '1.4.1', '1.4.2',
  '2.1.1', '2.1.2', '2.1.4', '2.2.1', '2.2.2', '2.3.1', '2.4.1', '2.4.2', '2.4.3', '2.4.4',
  '2.5.1', '2.5.2', '2.5.3', '2.5.4',
  '3.1.1', '3.2.1', '3.2.2', '3.2.6', '3.3.1', '3.3.2', '3.3.7',
  '4.1.2',
]; // prettier-ignore
/** WCAG 2.2's level AA success criteria (24). */
const LEVEL_AA = [
  '1.2.4', '1.2.5', '1.3.4', '1.3.5', '1.4.3', '1.4.4', '1.4.5', '1.4.10', '1.4.11', '1.4.12', '1.4.13',
  '2.4.5', '2.4.6', '2.4.7', '2.4.11', '2.5.7', '2.5.8',
  '3.1.2', '3.2.3', '3.2.4', '3.3.3', '3.3.4', '3.3.8',
  '4.1.3',
]; // prettier-ignore

const ROOT = new URL('../../../', import.meta.url);
const statement = accessibilityStatement();

const criterion = (id: string, status: Criterion['status'], extra: object = {}): Criterion =>
  ({
    id,
    name: `Criterion ${id}`,
    level: 'A',
    status,
    summary: 'How.',
    evidence: status === 'not-applicable' ? [] : [{ spec: 'e2e/a11y.spec.ts', test: 'some test title' }],
    ...(status === 'partly' ? { gap: 'What is missing.', fixBy: '2027-01-31' } : {}),
    ...extra,
  }) as Criterion;

describe('src/content/accessibility.json', () => {
  it('knows WCAG 2.2 has 31 level A and 24 level AA criteria', () => {
    expect([LEVEL_A.length, LEVEL_AA.length]).toEqual([31, 24]);
  });

  it('lists exactly the WCAG 2.2 A and AA criteria, each at its level', () => {
    const levels = Object.fromEntries(statement.criteria.map((c) => [c.id, c.level]));
    expect(Object.keys(levels).sort(compareIds)).toEqual([...LEVEL_A, ...LEVEL_AA].sort(compareIds));
    for (const id of LEVEL_A) expect(levels[id], id).toBe('A');
    for (const id of LEVEL_AA) expect(levels[id], id).toBe('AA');
  });

  const claimed = statement.criteria.flatMap((c) =>
    c.status === 'not-applicable' ? [] : c.evidence.map((test) => [c.id, test.spec, test.test] as const),
  );
  it.each(claimed)('%s: %s holds the test “%s”', (_id, spec, cited) => {
    const path = new URL(spec, ROOT);
    expect(existsSync(path), `${spec} does not exist`).toBe(true);
    const titles = specTitles(readFileSync(path, 'utf8'));
    expect(
      titles.some((title) => isTitle(cited, title)),
      `${spec} has no test titled “${cited}” (cite a whole title); its titles:\n${titles.map((t) => t.text).join('\n')}`,
    ).toBe(true);
  });
});

describe('the titles of a spec file', () => {
  const titles = (source: string): string[] => specTitles(source).map((title) => title.text);
  const onlyTitle = (source: string): SpecTitle => {
    const [title, ...more] = specTitles(source);
    if (!title || more.length > 0) throw new Error(`expected one title in ${source}`);
    return title;
  };

  it('reads the first argument of test() and test.describe(), in any of the three quotes', () => {
    const source = [
      `test('single quoted', async () => {});`,
      `test("double quoted, with an ' inside", async () => {});`,
      'test(`back-quoted`, async () => {});',
      `test.describe('a group', () => {`,
      `  test('inside the group: it\\'s escaped', async () => {});`,
      `});`,
    ].join('\n');
    expect(titles(source)).toEqual([
      'single quoted',
      "double quoted, with an ' inside",
      'back-quoted',
      'a group',
      "inside the group: it's escaped",
    ]);
  });

  it('ignores comments, other strings and other calls: test.skip, test.use, x.test()', () => {
    const source = [
      `// test('in a line comment', async () => {});`,
      `/* test('in a block comment') */`,
      `const words = "test('in a string')";`,
      `test.skip(true, 'skipped on a phone');`,
      `test.use({ viewport: { width: 320, height: 640 } });`,
      `expect(/x/.test('not a title')).toBe(false);`,
      `contest('a call named otherwise', () => {});`,
      `test(title, async () => {});`,
      `test('the one title', async () => {});`,
    ].join('\n');
    expect(titles(source)).toEqual(['the one title']);
  });

  it('reads a template with ${…} as a pattern, any words standing for each', () => {
    const title = onlyTitle('test(`passes axe, prices ${vat} VAT (half ${half + 1} of 2)`, () => {});');
    expect(title.text).toBe('passes axe, prices ${…} VAT (half ${…} of 2)');
    expect(isTitle('passes axe, prices incl VAT (half 1 of 2)', title)).toBe(true);
    expect(isTitle('passes axe, prices excl VAT (half 2 of 2)', title)).toBe(true);
    expect(isTitle('passes axe, prices  VAT (half 1 of 2)', title)).toBe(false);
    expect(isTitle('passes axe', title)).toBe(false);
    expect(isTitle('so it passes axe, prices incl VAT (half 1 of 2)', title)).toBe(false);
  });

  it('takes a whole title only, not a part of one', () => {
    const title = onlyTitle(`test("signed in, the journey's own pages reflow at 320 px", () => {});`);
    expect(isTitle("signed in, the journey's own pages reflow at 320 px", title)).toBe(true);
    expect(isTitle("the journey's own pages reflow at 320 px", title)).toBe(false);
    expect(isTitle("signed in, the journey's own pages reflow at 320 px.", title)).toBe(false);
  });

  it('treats the characters of a regular expression in a template as words', () => {
    const title = onlyTitle('test(`costs £1.50 (or more?) ${when}`, () => {});');
    expect(isTitle('costs £1.50 (or more?) today', title)).toBe(true);
    expect(isTitle('costs £1x50 (or more?) today', title)).toBe(false);
  });
});

describe('statementSchema', () => {
  const valid = {
    standard: 'WCAG 2.2 AA',
    tested: '2026-11-27',
    prepared: '2026-11-27',
    nextReview: '2027-05-27',
    methods: ['axe'],
    criteria: [criterion('1.1.1', 'met')],
  };
  const problems = (data: object): string[] =>
    statementSchema
      .safeParse(data)
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

  it('takes a valid statement', () => {
    expect(problems(valid)).toEqual([]);
  });

  it('refuses a criterion met or partly met without a test', () => {
    for (const status of ['met', 'partly'] as const) {
      expect(problems({ ...valid, criteria: [criterion('1.1.1', status, { evidence: [] })] })).toEqual([
        'criteria.0.evidence: must cite at least one test that checks the criterion; with none, it is not met',
      ]);
    }
  });

  it('refuses a criterion partly met without what is missing and when it is fixed', () => {
    const bare: Record<string, unknown> = { ...criterion('1.1.1', 'partly') };
    delete bare['gap'];
    delete bare['fixBy'];
    expect(problems({ ...valid, criteria: [bare] }).map((problem) => problem.split(':')[0])).toEqual([
      'criteria.0.gap',
      'criteria.0.fixBy',
    ]);
    expect(
      problems({ ...valid, criteria: [criterion('1.1.1', 'partly', { fixBy: '27/11/2026' })] }),
    ).toHaveLength(1);
  });

  it('refuses a criterion listed twice, an unknown status and a malformed id', () => {
    expect(
      problems({ ...valid, criteria: [criterion('1.1.1', 'met'), criterion('1.1.1', 'not-applicable')] }),
    ).toEqual(['criteria: each criterion must be listed once: two entries have the same id']);
    expect(problems({ ...valid, criteria: [criterion('1.1.1', 'met', { status: 'done' })] })).toHaveLength(1);
    expect(problems({ ...valid, criteria: [criterion('1.1', 'met')] })).toEqual([
      'criteria.0.id: must be a WCAG success criterion number, e.g. "2.4.11"',
    ]);
  });
});

describe('the helpers', () => {
  it('fully conforms when every criterion is met or does not apply, partially when one is partly met', () => {
    expect(conformance([criterion('1.1.1', 'met'), criterion('1.2.1', 'not-applicable')])).toBe('full');
    expect(conformance([criterion('1.1.1', 'met'), criterion('1.3.5', 'partly')])).toBe('partial');
  });

  it('orders ids as WCAG does, 1.4.2 before 1.4.10', () => {
    expect(['1.4.10', '2.1.1', '1.4.2', '1.4.1'].sort(compareIds)).toEqual([
      '1.4.1',
      '1.4.2',
      '1.4.10',
      '2.1.1',
    ]);
  });

  it('groups the criteria by principle, named and in order, leaving out a principle with none', () => {
    const groups = byPrinciple([
      criterion('4.1.2', 'met'),
      criterion('1.4.10', 'met'),
      criterion('1.4.2', 'met'),
    ]);
    expect(groups.map((group) => [group.principle.name, group.criteria.map((c) => c.id)])).toEqual([
      ['Perceivable', ['1.4.2', '1.4.10']],
      ['Robust', ['4.1.2']],
    ]);
    expect(byPrinciple(statement.criteria).map((group) => group.principle.name)).toEqual([
      'Perceivable',
      'Operable',
      'Understandable',
      'Robust',
    ]);
  });

  it('lists the gaps soonest fixed first, and counts each status', () => {
    const criteria = [
      criterion('2.5.3', 'partly', { fixBy: '2027-03-31' }),
      criterion('1.1.1', 'met'),
      criterion('1.4.11', 'partly', { fixBy: '2027-02-26' }),
      criterion('1.2.1', 'not-applicable'),
    ];
    expect(knownGaps(criteria).map((c) => c.id)).toEqual(['1.4.11', '2.5.3']);
    expect(statusCounts(criteria)).toEqual({ met: 1, partly: 2, 'not-applicable': 1 });
  });
});
