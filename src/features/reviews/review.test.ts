import { describe, expect, it } from 'vitest';
import { reviewFormTexts as t } from './form-texts.ts';
import { reviewFormAnswer } from './answer.ts';
import {
  ratesOnlyTheStoresRatings,
  reviewProblems,
  trimmedDraft,
  type ReviewDraft,
  type ReviewForm,
} from './review.ts';

/** Two ratings as Magento's metadata gives them: base64 ids, values "1" to "5". */
const values = (rating: string) =>
  ['1', '2', '3', '4', '5'].map((value) => ({ id: btoa(`${rating}-${value}`), value }));
const QUALITY = { id: btoa('1'), name: 'Quality', values: values('1') };
const VALUE = { id: btoa('2'), name: 'Value', values: values('2') };
const RATINGS: ReviewForm['ratings'] = [QUALITY, VALUE];
/** `stars` of the rating, as the form sends it. */
const rate = (rating: typeof QUALITY, stars: number) => ({
  id: rating.id,
  value_id: btoa(`${atob(rating.id)}-${stars}`),
});

const draft = (changes: Partial<ReviewDraft> = {}): ReviewDraft => ({
  sku: 'HG-PW-K5',
  nickname: 'Sam',
  summary: 'Strong and quiet',
  text: 'Cleaned the patio in an hour.',
  ratings: [rate(QUALITY, 4), rate(VALUE, 5)],
  ...changes,
});

describe('what a review needs before it is sent', () => {
  it('a draft with every rating and all three texts may go', () => {
    expect(reviewProblems(draft(), RATINGS)).toEqual([]);
  });

  it('names each rating left unchosen, in the form’s order, before the texts', () => {
    const problems = reviewProblems(draft({ ratings: [rate(VALUE, 3)], nickname: '  ' }), RATINGS);
    expect(problems).toEqual([
      { field: { rating: QUALITY.id }, message: t.chooseRating('Quality') },
      { field: 'nickname', message: 'Please enter a nickname.' },
    ]);
  });

  it('refuses a value the rating does not have (another rating’s value)', () => {
    const problems = reviewProblems(
      draft({ ratings: [{ id: QUALITY.id, value_id: rate(VALUE, 1).value_id }, rate(VALUE, 2)] }),
      RATINGS,
    );
    expect(problems.map((problem) => problem.message)).toEqual([t.chooseRating('Quality')]);
  });

  it('asks for each text in Magento’s words when it is empty or only spaces', () => {
    const problems = reviewProblems(draft({ nickname: '', summary: ' \n ', text: '\t' }), RATINGS);
    expect(problems).toEqual([
      { field: 'nickname', message: 'Please enter a nickname.' },
      { field: 'summary', message: 'Please enter a review summary.' },
      { field: 'text', message: 'Please enter a review.' },
    ]);
  });

  it('counts characters as Magento’s columns do, not UTF-16 units', () => {
    expect(reviewProblems(draft({ nickname: '🧽'.repeat(128) }), RATINGS)).toEqual([]);
    expect(reviewProblems(draft({ nickname: 'a'.repeat(129) }), RATINGS)).toEqual([
      { field: 'nickname', message: 'Please shorten this to 128 characters or fewer (it has 129).' },
    ]);
    expect(reviewProblems(draft({ text: 'a'.repeat(10_001) }), RATINGS)[0]?.message).toBe(
      'Please shorten this to 10,000 characters or fewer (it has 10,001).',
    );
  });

  it('a store without ratings asks for the texts only', () => {
    expect(reviewProblems(draft({ ratings: [] }), [])).toEqual([]);
  });

  it('only the store’s ratings, each once, may be named', () => {
    expect(ratesOnlyTheStoresRatings(draft(), RATINGS)).toBe(true);
    expect(ratesOnlyTheStoresRatings(draft({ ratings: [rate(QUALITY, 1), rate(QUALITY, 2)] }), RATINGS)).toBe(
      false,
    );
    expect(ratesOnlyTheStoresRatings(draft({ ratings: [{ id: 'OTk5', value_id: 'x' }] }), RATINGS)).toBe(
      false,
    );
  });

  it('sends the texts trimmed', () => {
    expect(trimmedDraft(draft({ nickname: ' Sam ', summary: 'Good\n', text: '  Fine.  ' }))).toMatchObject({
      nickname: 'Sam',
      summary: 'Good',
      text: 'Fine.',
    });
  });
});

describe('the form’s settings as the browser reads them', () => {
  it('reads the server’s answer, with the nickname when there is one', () => {
    const answer = {
      enabled: true,
      guestsMayWrite: false,
      signedIn: true,
      ratings: RATINGS,
      nickname: 'Robin',
    };
    expect(reviewFormAnswer.safeParse(answer)).toEqual({ success: true, data: answer });
  });

  it('refuses an answer of another shape rather than drawing half a form', () => {
    expect(reviewFormAnswer.safeParse({ enabled: true, guestsMayWrite: true, ratings: [] }).success).toBe(
      false,
    );
    expect(
      reviewFormAnswer.safeParse({
        enabled: true,
        guestsMayWrite: true,
        signedIn: false,
        ratings: [{ id: 'MQ==', name: 'Quality', values: [{ id: 1, value: '1' }] }],
      }).success,
    ).toBe(false);
  });
});
