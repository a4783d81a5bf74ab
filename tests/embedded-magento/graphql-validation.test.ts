/**
 * GraphQL validation and variable errors in Magento's words (issue 50): Magento 2.4 answers them with
 * webonyx/graphql-php 15's messages ("Field CreateProductReviewInput.text of required type String! was not
 * provided."), not graphql-js's. Each expectation is webonyx's text for the same query, read from its
 * source (`Validator/Rules/*`, `Utils/Value.php`, `Executor/Values.php`); every one comes back with HTTP
 * 200, no `data` and nothing run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { gql } from './graphql-helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

/** Where `fragment` starts in a one-line query, as GraphQL counts it. */
const at = (query: string, fragment: string) => {
  const index = query.indexOf(fragment);
  if (index < 0) throw new Error(`${fragment} is not in ${query}`);
  return { line: 1, column: index + 1 };
};

/** The reply is exactly these errors, each with its location, and nothing was executed. */
async function expectErrors(
  query: string,
  expected: readonly (readonly [message: string, where: string])[],
  variables?: Record<string, unknown>,
): Promise<void> {
  const reply = await gql(backend, query, variables ? { variables } : {});
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    errors: expected.map(([message, where]) => ({ message, locations: [at(query, where)] })),
  });
}

const REVIEW =
  'mutation Review($input: CreateProductReviewInput!) { createProductReview(input: $input) { review { nickname } } }';
const review = { nickname: 'Sam', ratings: [], sku: 'PW-1', summary: 'Good', text: 'Works well' };
const inline = (fields: string) =>
  `mutation { createProductReview(input: { ${fields} }) { review { nickname } } }`;

describe('a required input field left out', () => {
  it('in an inline literal: "Field Type.field of required type … was not provided."', async () => {
    const query = inline('nickname: "Sam", ratings: [], sku: "PW-1", summary: "Good"');
    await expectErrors(query, [
      ['Field CreateProductReviewInput.text of required type String! was not provided.', '{ nickname'],
    ]);
  });

  it('in a variable: the value as JSON, then the field', async () => {
    await expectErrors(
      REVIEW,
      [
        [
          'Variable "$input" got invalid value {"nickname":"Sam","ratings":[],"sku":"PW-1","summary":"Good"}; Field "text" of required type "String!" was not provided.',
          '$input',
        ],
      ],
      { input: { nickname: 'Sam', ratings: [], sku: 'PW-1', summary: 'Good' } },
    );
  });

  it('deeper in a variable: where it is, and the object that lacks it', async () => {
    await expectErrors(
      REVIEW,
      [
        [
          'Variable "$input" got invalid value {"id":"MQ=="} at "input.ratings[0]"; Field "value_id" of required type "String!" was not provided.',
          '$input',
        ],
      ],
      { input: { ...review, ratings: [{ id: 'MQ==' }] } },
    );
  });

  it('a required variable not given, or given as null', async () => {
    await expectErrors(REVIEW, [
      ['Variable "$input" of required type "CreateProductReviewInput!" was not provided.', '$input'],
    ]);
    await expectErrors(
      REVIEW,
      [['Variable "$input" of non-null type "CreateProductReviewInput!" must not be null.', '$input']],
      { input: null },
    );
  });
});

describe('an input field the type does not define', () => {
  it('inline: "Field … is not defined by type …", with a suggestion when one is near', async () => {
    const query = inline(
      'nickname: "Sam", ratings: [], sku: "PW-1", summary: "Good", text: "Fine", colour: "red", sumary: "x"',
    );
    await expectErrors(query, [
      ['Field "colour" is not defined by type "CreateProductReviewInput".', 'colour'],
      ['Field "sumary" is not defined by type "CreateProductReviewInput". Did you mean "summary"?', 'sumary'],
    ]);
  });

  it('in a variable', async () => {
    await expectErrors(
      REVIEW,
      [
        [
          'Variable "$input" got invalid value {"nickname":"Sam","ratings":[],"sku":"PW-1","summary":"Good","text":"Works well","colour":"red"}; Field "colour" is not defined by type "CreateProductReviewInput".',
          '$input',
        ],
      ],
      { input: { ...review, colour: 'red' } },
    );
  });
});

describe('a value of the wrong type', () => {
  it('inline: the scalar’s own refusal; a number past 32 bits is "non-integer" too', async () => {
    await expectErrors(inline('nickname: 5, ratings: [], sku: "PW-1", summary: "Good", text: "Fine"'), [
      ['String cannot represent a non string value: 5', '5,'],
    ]);
    const big = '{ products(search: "x", pageSize: 99999999999) { total_count } }';
    await expectErrors(big, [['Int cannot represent non-integer value: 99999999999', '99999999999']]);
  });

  it('inline: null where a value is required, and a string where an object is expected', async () => {
    await expectErrors(inline('nickname: null, ratings: [], sku: "PW-1", summary: "Good", text: "Fine"'), [
      ['Expected value of type "String!", found null.', 'null'],
    ]);
    const query = 'mutation { createProductReview(input: "five stars") { review { nickname } } }';
    await expectErrors(query, [
      ['Expected value of type "CreateProductReviewInput", found "five stars".', '"five'],
    ]);
  });

  it('in a variable: the value, where it is, then the scalar’s refusal', async () => {
    await expectErrors(
      REVIEW,
      [
        [
          'Variable "$input" got invalid value 5 at "input.nickname"; String cannot represent a non string value: 5',
          '$input',
        ],
      ],
      { input: { ...review, nickname: 5 } },
    );
    const query = 'query Page($size: Int) { products(search: "x", pageSize: $size) { total_count } }';
    await expectErrors(
      query,
      [['Variable "$size" got invalid value "ten"; Int cannot represent non-integer value: "ten"', '$size']],
      { size: 'ten' },
    );
  });
});

describe('arguments', () => {
  it('a required argument left out: "Field … argument … is required but not provided."', async () => {
    const query = 'mutation { createProductReview { review { nickname } } }';
    await expectErrors(query, [
      [
        'Field "createProductReview" argument "input" of type "CreateProductReviewInput!" is required but not provided.',
        'createProductReview',
      ],
    ]);
  });

  it('an unknown argument names the field and its type apart', async () => {
    const query = '{ products(serch: "x") { total_count } }';
    await expectErrors(query, [
      [
        'Unknown argument "serch" on field "products" of type "Query". Did you mean "search" or "sort"?',
        'serch',
      ],
    ]);
  });

  it('a directive’s required argument left out', async () => {
    const query = '{ products(search: "x") @skip { total_count } }';
    await expectErrors(query, [
      ['Directive "@skip" argument "if" of type "Boolean!" is required but not provided.', '@skip'],
    ]);
  });
});

describe('selections', () => {
  it('an unknown field on a type, with webonyx’s suggestion', async () => {
    const query = '{ products(search: "x") { total_cnt } }';
    await expectErrors(query, [
      ['Cannot query field "total_cnt" on type "Products". Did you mean "total_count"?', 'total_cnt'],
    ]);
  });

  it('a leaf with a selection, and an object without one', async () => {
    await expectErrors('{ products(search: "x") { total_count { value } } }', [
      ['Field "total_count" of type "Int" must not have a sub selection.', '{ value'],
    ]);
    await expectErrors('{ products(search: "x") }', [
      ['Field "products" of type "Products" must have a sub selection.', 'products'],
    ]);
  });

  it('two fields under one name', async () => {
    const query = '{ products(search: "x") { items { url_key: sku } items { url_key } } }';
    const reply = await gql(backend, query);
    expect(reply.body.errors.map((error: { message: string }) => error.message)).toEqual([
      'Fields "items" conflict because subfields "url_key" conflict because sku and url_key are different fields. Use different aliases on the fields to fetch both if this was intentional.',
    ]);
  });
});

describe('operations and variables', () => {
  it('a variable defined twice, a misplaced directive, a subscription the schema has no type for', async () => {
    const twice = 'query Q($a: String, $a: String) { products(search: $a) { total_count } }';
    const reply = await gql(backend, twice);
    expect(reply.body.errors[0]).toEqual({
      message: 'There can be only one variable named "a".',
      locations: [at(twice, 'a: String'), { line: 1, column: twice.lastIndexOf('a: String') + 1 }],
    });
    await expectErrors('query Q @skip(if: true) { storeConfig { store_code } }', [
      ['Directive "skip" may not be used on "QUERY".', '@skip'],
    ]);
    await expectErrors('subscription { storeConfig { store_code } }', [
      ['Schema is not configured for subscriptions.', 'subscription'],
    ]);
  });
});
