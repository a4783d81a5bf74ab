/**
 * The in-store pickup search as Magento's InventoryInStorePickup reads it: `searchRequest` with its
 * constructor's defaults, and the search by area (a radius in km and a term "<postcode or town>:<country>")
 * through the postcode table the embedded back end brings, the Leeds shop and the Wakefield depot ordered
 * by their distance. Real HTTP against the embedded server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type Reply, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { expectData, gql } from './graphql-helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const locations = (query: string) =>
  backend.call('GET', `/rest/V1/inventory/in-store-pickup/pickup-locations/?${query}`);

/** A search of website `base` by area, with nothing else sent: Magento's defaults for the rest. */
const nearby = (searchTerm: string, radius: number, more = '') =>
  locations(
    `searchRequest[scopeCode]=base&searchRequest[area][radius]=${String(radius)}` +
      `&searchRequest[area][searchTerm]=${encodeURIComponent(searchTerm)}${more}`,
  );

/** The points found, in the order answered; the reply must be Magento's shape. */
function codesOf(reply: Reply): string[] {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const valid = validateOpenSourceResponse(
    'GET',
    '/V1/inventory/in-store-pickup/pickup-locations/',
    200,
    reply.body,
  );
  expect(valid.ok ? [] : valid.errors).toEqual([]);
  const codes = reply.body.items.map((item: { pickup_location_code: string }) => item.pickup_location_code);
  expect(reply.body.total_count).toBe(codes.length);
  return codes;
}

describe('a search request as Magento builds it', () => {
  it('takes the scope type and the page from SearchRequest’s defaults when they are left out', async () => {
    const reply = await locations('searchRequest[scopeCode]=base');
    expect(codesOf(reply)).toEqual(['depot', 'shop']);
    expect(reply.body.search_request).toEqual({ current_page: 1, scope_type: 'website', scope_code: 'base' });
  });
});

describe('searching by area', () => {
  it('finds the points around a UK postcode, nearest first, within the radius given', async () => {
    const wakefield = await nearby('WF2 7AA:GB', 20);
    expect(codesOf(wakefield)).toEqual(['depot', 'shop']);
    expect(wakefield.body.search_request).toEqual({
      area: { radius: 20, search_term: 'WF2 7AA:GB' },
      current_page: 1,
      scope_type: 'website',
      scope_code: 'base',
    });
    // The depot is under a kilometre from WF2, the shop some 13.
    expect(codesOf(await nearby('WF2 7AA:GB', 5))).toEqual(['depot']);
    expect(codesOf(await nearby('LS1 4AP:GB', 20))).toEqual(['shop', 'depot']);
    // Directory's GB patterns take either case, with or without the space.
    expect(codesOf(await nearby('ls14ap:GB', 20))).toEqual(['shop', 'depot']);
    // A term without a country is in the store's default country.
    expect(codesOf(await nearby('LS1 4AP', 5))).toEqual(['shop']);
  });

  it('orders by distance either way when asked, and by another field alone when that is asked', async () => {
    const sort = (field: string, direction: string) =>
      `&searchRequest[sort][0][field]=${field}&searchRequest[sort][0][direction]=${direction}`;
    expect(codesOf(await nearby('WF2 7AA:GB', 20, sort('distance', 'DESC')))).toEqual(['shop', 'depot']);
    expect(codesOf(await nearby('LS1 4AP:GB', 20, sort('pickup_location_code', 'ASC')))).toEqual([
      'depot',
      'shop',
    ]);
    // Without an area a distance sort means nothing, and is left out.
    expect(codesOf(await locations(`searchRequest[scopeCode]=base${sort('distance', 'DESC')}`))).toEqual([
      'depot',
      'shop',
    ]);
  });

  it('reads a term that is no full postcode as a town, as Magento does', async () => {
    // Directory's GB patterns are full postcodes: an outward code alone is looked for as a town's name.
    expect(codesOf(await nearby('LS1:GB', 50))).toEqual([]);
    expect(codesOf(await nearby('WF2:GB', 50))).toEqual([]);
    expect(codesOf(await nearby('Wakefield:GB', 5))).toEqual(['depot']);
    expect(codesOf(await nearby('Leeds:GB', 10))).toEqual(['shop']);
    expect(codesOf(await nearby('Leeds:GB', 20))).toEqual(['shop', 'depot']);
  });

  it('finds none for a place the table does not know, as Magento answers "Unknown geoname"', async () => {
    const reply = await nearby('ZZ9 9ZZ:GB', 1000);
    expect(codesOf(reply)).toEqual([]);
    expect(reply.body.items).toEqual([]);
    expect(codesOf(await nearby('Atlantis:GB', 1000))).toEqual([]);
    expect(codesOf(await nearby('75001:FR', 1000))).toEqual([]);
  });

  it('answers the pickupLocations GraphQL query’s area the same way', async () => {
    const reply = await gql(
      backend,
      `{ pickupLocations(area: { radius: 20, search_term: "LS1 4AP:GB" }) {
          items { pickup_location_code } total_count } }`,
    );
    expect(expectData(reply)).toEqual({
      pickupLocations: {
        items: [{ pickup_location_code: 'shop' }, { pickup_location_code: 'depot' }],
        total_count: 2,
      },
    });
  });
});
