/**
 * The statement's data against WCAG 2.2's own list of A and AA success criteria (written out here, not read
 * from the file), and against the tests it cites: a criterion met or partly met names a spec file that
 * exists and quotes one of its test titles word for word, so removing or renaming a test that carries a
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
  it.each(claimed)('%s: %s holds the test “%s”', (_id, spec, title) => {
    const path = new URL(spec, ROOT);
    expect(existsSync(path), `${spec} does not exist`).toBe(true);
    expect(readFileSync(path, 'utf8').includes(title), `${spec} has no test titled “${title}”`).toBe(true);
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
