/**
 * The accessibility statement's data, `src/content/accessibility.json`, checked with zod: a mistake stops the
 * build with the field and how to put it right (parseContent). Each WCAG 2.2 A and AA success criterion says
 * whether the shop meets it and which end-to-end test shows so (statement.test.ts holds the file to the
 * official list and to the tests it cites); the helpers here are what /accessibility works out from it.
 */
import { z } from 'zod';
import { parsedOnce } from '../../config/parse-content.ts';
import file from '../../content/accessibility.json' with { type: 'json' };

const day = z.iso.date('must be a day written year-month-day, e.g. "2026-11-27"');
const sentence = z
  .string()
  .trim()
  .min(1, 'must say something')
  .max(400, 'must be one sentence (400 characters at most)');

/** A test that checks the criterion. */
export const evidenceSchema = z.object({
  /** The spec file, from the project's root. @example "e2e/a11y.spec.ts" */
  spec: z.string().regex(/^e2e\/[\w.-]+\.spec\.ts$/, 'must name a Playwright spec, e.g. "e2e/a11y.spec.ts"'),
  /**
   * The whole title of the test (or group of tests), word for word; for a title written as a template, as
   * it runs. @example "one page of each kind in the sitemap passes axe, prices incl VAT"
   */
  test: z.string().trim().min(8, 'must quote the test’s whole title'),
});

const evidence = z
  .array(evidenceSchema)
  .min(1, 'must cite at least one test that checks the criterion; with none, it is not met');

const base = {
  /** The success criterion's number. @example "2.4.11" */
  id: z.string().regex(/^[1-4]\.\d{1,2}\.\d{1,2}$/, 'must be a WCAG success criterion number, e.g. "2.4.11"'),
  /** Its name as WCAG 2.2 gives it. @example "Focus Not Obscured (Minimum)" */
  name: z.string().trim().min(1),
  level: z.enum(['A', 'AA'], 'must be "A" or "AA": the statement is against WCAG 2.2 AA'),
  /** One plain-English sentence: how the shop meets it, or why it does not apply. */
  summary: sentence,
};

export const criterionSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ ...base, status: z.literal('met'), evidence }),
    z.object({
      ...base,
      status: z.literal('partly'),
      evidence,
      /** What does not meet it yet, in plain English. */
      gap: sentence,
      /** The day it is to be fixed by. @example "2027-02-26" */
      fixBy: day,
    }),
    z.object({ ...base, status: z.literal('not-applicable'), evidence: z.array(evidenceSchema).default([]) }),
  ],
  { error: 'status must be "met", "partly" (with gap and fixBy) or "not-applicable"' },
);

export const statementSchema = z
  .object({
    $comment: z.string().optional(),
    standard: z.literal('WCAG 2.2 AA'),
    /** The day the shop was last tested. */
    tested: day,
    /** The day this statement was prepared. */
    prepared: day,
    /** The day it will be reviewed by. */
    nextReview: day,
    /** How the shop was tested, one short sentence each. */
    methods: z.array(sentence).min(1, 'must say how the shop was tested'),
    criteria: z.array(criterionSchema).min(1),
  })
  .refine(
    (statement) =>
      new Set(statement.criteria.map((criterion) => criterion.id)).size === statement.criteria.length,
    { message: 'each criterion must be listed once: two entries have the same id', path: ['criteria'] },
  )
  .refine((statement) => statement.nextReview > statement.tested, {
    message: 'must come after the day the shop was tested',
    path: ['nextReview'],
  });

export type Statement = z.infer<typeof statementSchema>;
export type Criterion = z.infer<typeof criterionSchema>;
export type CriterionStatus = Criterion['status'];
export type PartlyMet = Extract<Criterion, { status: 'partly' }>;

/** The statement file, checked once. */
export const accessibilityStatement = parsedOnce(statementSchema, file, 'src/content/accessibility.json');

/** WCAG's four principles, by the first number of a criterion's id. */
export const PRINCIPLES = [
  { number: 1, name: 'Perceivable' },
  { number: 2, name: 'Operable' },
  { number: 3, name: 'Understandable' },
  { number: 4, name: 'Robust' },
] as const;
export type Principle = (typeof PRINCIPLES)[number];

const parts = (id: string): number[] => id.split('.').map(Number);

/** Orders criteria by number as WCAG does: 1.4.2 before 1.4.10. */
export function compareIds(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** "full" when every criterion is met or does not apply, else "partial". */
export const conformance = (criteria: readonly Criterion[]): 'full' | 'partial' =>
  criteria.every((criterion) => criterion.status !== 'partly') ? 'full' : 'partial';

/** The criteria under each principle, in WCAG's order; a principle with none is left out. */
export function byPrinciple<C extends Pick<Criterion, 'id'>>(
  criteria: readonly C[],
): { principle: Principle; criteria: C[] }[] {
  return PRINCIPLES.map((principle) => ({
    principle,
    criteria: criteria
      .filter((criterion) => parts(criterion.id)[0] === principle.number)
      .sort((a, b) => compareIds(a.id, b.id)),
  })).filter((group) => group.criteria.length > 0);
}

/** The criteria only partly met, soonest to be fixed first. */
export const knownGaps = (criteria: readonly Criterion[]): PartlyMet[] =>
  criteria
    .filter((criterion): criterion is PartlyMet => criterion.status === 'partly')
    .sort((a, b) => a.fixBy.localeCompare(b.fixBy) || compareIds(a.id, b.id));

/** How many criteria have each status. */
export const statusCounts = (criteria: readonly Criterion[]): Record<CriterionStatus, number> => {
  const counts: Record<CriterionStatus, number> = { met: 0, partly: 0, 'not-applicable': 0 };
  for (const criterion of criteria) counts[criterion.status] += 1;
  return counts;
};
