/**
 * Click & collect as magento/inventory 1.2 answers it (packages/embedded-magento/inventory/): sources and
 * source items, pickup locations, the `instore` carrier, a quote's pickup location, placing a pickup
 * order and notifying it ready for pickup. Real HTTP against the embedded server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TOKEN, startTestBackend, type TestBackend } from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { estimate, guestCart, makeProduct, place, ship, type TestCart } from './checkout-helpers.ts';
import { expectData, gql } from './graphql-helpers.ts';
import { ADDRESS, expectError } from './helpers.ts';

let backend: TestBackend;
/** What the back end told the storefront it saved (its rebuild hook). */
const saved: unknown[] = [];

beforeAll(async () => {
  backend = await startTestBackend({ onSaved: (entity) => saved.push(entity) });
});
afterAll(() => backend.stop());

const admin = (method: string, path: string, body?: unknown) =>
  backend.call(method, `/rest/V1${path}`, {
    token: INTEGRATION_TOKEN,
    ...(body === undefined ? {} : { body }),
  });

const locations = (query: string) =>
  backend.call('GET', `/rest/V1/inventory/in-store-pickup/pickup-locations/?${query}`);

const SCOPE = 'searchRequest[scopeType]=website&searchRequest[scopeCode]=base&searchRequest[currentPage]=1';

/** The shop's address, as a pickup quote's shipping address must be. */
const SHOP_ADDRESS = {
  ...ADDRESS,
  region: 'West Yorkshire',
  region_id: 0,
  street: ['Unit 4, Riverside Park'],
  city: 'Leeds',
  postcode: 'LS10 1AB',
  extension_attributes: { pickup_location_code: 'shop' },
};

async function stockAt(sku: string, source: string, quantity: number) {
  const reply = await admin('POST', '/inventory/source-items', {
    sourceItems: [{ sku, source_code: source, quantity, status: 1 }],
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

const pickupRate = (methods: readonly { carrier_code: string; method_code: string }[]) =>
  methods.some((method) => method.carrier_code === 'instore' && method.method_code === 'pickup');

describe('sources and source items', () => {
  it('lists the default source and the two seeded pickup locations with their extension attributes', async () => {
    const reply = await admin('GET', '/inventory/sources?searchCriteria[pageSize]=10');
    expect(reply.status).toBe(200);
    expect(validateOpenSourceResponse('GET', '/V1/inventory/sources', 200, reply.body).ok).toBe(true);
    const codes = reply.body.items.map((item: { source_code: string }) => item.source_code);
    expect(codes).toEqual(['default', 'depot', 'shop']);
    const shop = reply.body.items[2];
    expect(shop.extension_attributes).toEqual({
      is_pickup_location_active: true,
      frontend_name: 'Clearwater Cleaning Leeds',
      frontend_description: 'Our shop and service centre',
    });
  });

  it('answers an unknown source as SourceRepository does', async () => {
    expectError(
      await admin('GET', '/inventory/sources/nowhere'),
      404,
      'Source with code "%value" does not exist.',
      {
        value: 'nowhere',
      },
    );
  });

  it('refuses a pickup location without a city, street or phone, and the default source as one', async () => {
    const reply = await admin('POST', '/inventory/sources', {
      source: {
        source_code: 'van',
        name: 'Van',
        country_id: 'GB',
        postcode: 'LS1 1AA',
        extension_attributes: { is_pickup_location_active: true },
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Validation Failed');
    expect(
      reply.body.errors.map((error: { parameters: { field: string } }) => error.parameters.field),
    ).toEqual(['city', 'street', 'phone']);
    const defaultSource = await admin('PUT', '/inventory/sources/default', {
      source: { extension_attributes: { is_pickup_location_active: true } },
    });
    expect(defaultSource.status).toBe(400);
    expect(defaultSource.body.errors).toContainEqual({
      message: 'The Default Source can not be used for In-Store Pickup Delivery.',
    });
  });

  it('reads and writes source items, the default source being the product’s own stock', async () => {
    const sku = await makeProduct(backend, 20, 1);
    await stockAt(sku, 'depot', 7);
    await stockAt(sku, 'default', 42);
    const reply = await admin(
      'GET',
      `/inventory/source-items?searchCriteria[filterGroups][0][filters][0][field]=sku&searchCriteria[filterGroups][0][filters][0][value]=${sku}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.items).toEqual([
      { sku, source_code: 'default', quantity: 42, status: 1 },
      { sku, source_code: 'depot', quantity: 7, status: 1 },
    ]);
    const product = await admin('GET', `/products/${sku}`);
    expect(product.body.extension_attributes.stock_item.qty).toBe(42);
  });

  it('refuses what SourceItemsSave refuses', async () => {
    expectError(
      await admin('POST', '/inventory/source-items', { sourceItems: [] }),
      400,
      'Input data is empty',
    );
    const blank = await admin('POST', '/inventory/source-items', {
      sourceItems: [{ sku: '', source_code: 'shop', quantity: 1, status: 1 }],
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Validation Failed: "sku" can not be empty.');
    expectError(
      await admin('POST', '/inventory/source-items', {
        sourceItems: [{ sku: 'ANY', source_code: 'nowhere', quantity: 1, status: 1 }],
      }),
      400,
      'Could not save Source Item',
    );
  });
});

describe('pickup locations', () => {
  it('lists the active pickup locations of website base, in Magento’s shape', async () => {
    const reply = await locations(SCOPE);
    expect(reply.status).toBe(200);
    const valid = validateOpenSourceResponse(
      'GET',
      '/V1/inventory/in-store-pickup/pickup-locations/',
      200,
      reply.body,
    );
    expect(valid.ok ? [] : valid.errors).toEqual([]);
    expect(reply.body.total_count).toBe(2);
    const shop = reply.body.items.find(
      (item: { pickup_location_code: string }) => item.pickup_location_code === 'shop',
    );
    expect(Object.keys(shop)).toEqual([
      'pickup_location_code',
      'name',
      'description',
      'latitude',
      'longitude',
      'country_id',
      'region',
      'city',
      'street',
      'postcode',
      'phone',
    ]);
    expect(shop.name).toBe('Clearwater Cleaning Leeds');
    expect(reply.body.search_request).toEqual({ current_page: 1, scope_type: 'website', scope_code: 'base' });
  });

  it('filters by city and by the products a location must carry', async () => {
    const city = await locations(`${SCOPE}&searchRequest[filters][city][value]=Wakefield`);
    expect(
      city.body.items.map((item: { pickup_location_code: string }) => item.pickup_location_code),
    ).toEqual(['depot']);
    const sku = await makeProduct(backend, 10, 1);
    await stockAt(sku, 'shop', 0);
    const carrying = await locations(
      `${SCOPE}&searchRequest[extensionAttributes][productsInfo][0][sku]=${sku}`,
    );
    expect(
      carrying.body.items.map((item: { pickup_location_code: string }) => item.pickup_location_code),
    ).toEqual(['shop']);
  });

  it('refuses a sales channel with no stock', async () => {
    expectError(
      await locations(
        'searchRequest[scopeType]=website&searchRequest[scopeCode]=elsewhere&searchRequest[currentPage]=1',
      ),
      404,
      'No linked stock found',
    );
  });
});

describe('checking out for pickup', () => {
  let sku: string;
  let cart: TestCart;

  beforeAll(async () => {
    sku = await makeProduct(backend, 30, 2);
    cart = await guestCart(backend, [[sku, 2]]);
  });

  it('offers the instore rate only when a location carries every product of the cart', async () => {
    expect(pickupRate(await estimate(cart))).toBe(false);
    await stockAt(sku, 'shop', 5);
    const methods = await estimate(cart);
    expect(
      methods.find((method: { carrier_code: string }) => method.carrier_code === 'instore'),
    ).toMatchObject({
      carrier_code: 'instore',
      method_code: 'pickup',
      carrier_title: 'Click & collect',
      method_title: 'Collect in store',
      amount: 0,
    });
  });

  it('refuses an unknown pickup location with GetPickupLocation’s 404', async () => {
    const reply = await ship(cart, 'instore', 'pickup', {
      ...SHOP_ADDRESS,
      extension_attributes: { pickup_location_code: 'moon' },
    });
    expectError(reply, 404, 'Can not find Pickup Location with code %1 for %2 Sales Channel "%3".', [
      'moon',
      'website',
      'base',
    ]);
  });

  it('refuses to place a pickup order without a location, or at another address', async () => {
    const withoutCode = { ...SHOP_ADDRESS, extension_attributes: {} };
    expect((await ship(cart, 'instore', 'pickup', withoutCode)).status).toBe(200);
    // GuestPaymentInformationManagement rethrows the rule's refusal rendered: no `parameters`.
    expectError(await place(cart), 400, 'Quote does not have Pickup Location assigned.');
    expect((await ship(cart, 'instore', 'pickup', { ...SHOP_ADDRESS, city: 'York' })).status).toBe(200);
    expectError(
      await place(cart),
      400,
      'Pickup Location Address does not match Shipping Address for In-Store Pickup Quote.',
    );
  });

  it('places the order with its pickup location, then ships it from there when notified ready', async () => {
    expect((await ship(cart, 'instore', 'pickup', SHOP_ADDRESS)).status).toBe(200);
    const cartRead = await backend.call('GET', cart.path);
    expect(
      cartRead.body.extension_attributes.shipping_assignments[0].shipping.address.extension_attributes,
    ).toEqual({
      pickup_location_code: 'shop',
    });
    const placed = await place(cart);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = Number(placed.body);
    const order = await admin('GET', `/orders/${orderId}`);
    expect(order.body.shipping_description).toBe('Click & collect - Clearwater Cleaning Leeds');
    expect(order.body.extension_attributes.pickup_location_code).toBe('shop');
    // A pickup order reserves at the stock: the product's own quantity is untouched.
    const product = await admin('GET', `/products/${sku}`);
    expect(product.body.extension_attributes.stock_item.qty).toBe(500);

    const notified = await admin('POST', '/order/notify-orders-are-ready-for-pickup', {
      orderIds: [orderId, 999999],
    });
    expect(notified.status).toBe(200);
    expect(notified.body).toEqual({
      successful: false,
      errors: [
        {
          id: '999999',
          message: "The entity that was requested doesn't exist. Verify the entity and try again.",
        },
      ],
    });
    const shipped = await admin('GET', `/orders/${orderId}`);
    expect(shipped.body.items[0].qty_shipped).toBe(2);
    expect(shipped.body.extension_attributes).toMatchObject({
      pickup_location_code: 'shop',
      notification_sent: 0,
      send_notification: 1,
    });
    expect(shipped.body.state).toBe('processing');
    const items = await admin(
      'GET',
      `/inventory/source-items?searchCriteria[filterGroups][0][filters][0][field]=sku&searchCriteria[filterGroups][0][filters][0][value]=${sku}&searchCriteria[filterGroups][1][filters][0][field]=source_code&searchCriteria[filterGroups][1][filters][0][value]=shop`,
    );
    expect(items.body.items).toEqual([{ sku, source_code: 'shop', quantity: 3, status: 1 }]);
  });

  it('answers a delivery order as not ready for pickup', async () => {
    const delivery = await guestCart(backend, [[sku, 1]]);
    expect((await ship(delivery, 'flatrate', 'flatrate')).status).toBe(200);
    const placed = await place(delivery);
    const notified = await admin('POST', '/order/notify-orders-are-ready-for-pickup', {
      orderIds: [placed.body],
    });
    expect(notified.body).toEqual({
      successful: false,
      errors: [{ id: String(placed.body), message: 'The order is not ready for pickup' }],
    });
  });
});

describe('the pickupLocations GraphQL query', () => {
  it('answers the locations carrying the products, with page_info', async () => {
    const sku = await makeProduct(backend, 12, 1);
    await stockAt(sku, 'depot', 1);
    const reply = await gql(
      backend,
      `query Pickup($sku: String!) {
        pickupLocations(productsInfo: [{ sku: $sku }], filters: { city: { eq: "Wakefield" } }) {
          items { pickup_location_code name city postcode }
          page_info { page_size current_page total_pages }
          total_count
        }
      }`,
      { variables: { sku } },
    );
    expect(expectData(reply)).toEqual({
      pickupLocations: {
        items: [
          {
            pickup_location_code: 'depot',
            name: 'Clearwater Cleaning Wakefield depot',
            city: 'Wakefield',
            postcode: 'WF2 7AA',
          },
        ],
        page_info: { page_size: 20, current_page: 1, total_pages: 1 },
        total_count: 1,
      },
    });
  });
});

describe('the stock', () => {
  it('is the one Default Stock of website base, every source linked, the default first', async () => {
    const stock = await admin('GET', '/inventory/stocks/1');
    expect(stock.body).toEqual({
      stock_id: 1,
      name: 'Default Stock',
      extension_attributes: { sales_channels: [{ type: 'website', code: 'base' }] },
    });
    expectError(await admin('GET', '/inventory/stocks/2'), 404, 'Stock with id "%value" does not exist.', {
      value: 2,
    });
    const links = await admin('GET', '/inventory/stock-source-links?searchCriteria[pageSize]=3');
    expect(validateOpenSourceResponse('GET', '/V1/inventory/stock-source-links', 200, links.body).ok).toBe(
      true,
    );
    expect(links.body.items.slice(0, 3)).toEqual([
      { stock_id: 1, source_code: 'default', priority: 1 },
      { stock_id: 1, source_code: 'depot', priority: 2 },
      { stock_id: 1, source_code: 'shop', priority: 3 },
    ]);
  });
});

describe('what a source item save tells the storefront', () => {
  it('tells it of a change to the default source (the catalogue stock), not to a collection point', async () => {
    const sku = await makeProduct(backend, 19.99, 1);
    saved.length = 0;
    const atShop = await admin('POST', '/inventory/source-items', {
      sourceItems: [{ sku, source_code: 'shop', quantity: 2, status: 1 }],
    });
    expect(atShop.status).toBe(200);
    expect(saved).toEqual([]);
    const atDefault = await admin('POST', '/inventory/source-items', {
      sourceItems: [{ sku, source_code: 'default', quantity: 0, status: 0 }],
    });
    expect(atDefault.status).toBe(200);
    expect(saved).toEqual([{ entity: 'product', sku }]);
  });
});
