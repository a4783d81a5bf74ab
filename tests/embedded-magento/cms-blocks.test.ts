/**
 * CMS blocks over HTTP as Magento 2.4's Cms module answers them (COMMERCE-BASICS.md §6): search by
 * identifier and `is_active`, get by id or identifier (inactive ones too), save, update and delete with
 * Magento's shapes and messages, the `Magento_Cms::block` ACL, the rebuild hook told of each save; the demo
 * blocks made from the shipped content, read by the storefront as that content, never overwritten on a
 * restart; and their drawings served from Magento media.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContentBlocks } from '../../src/catalogue/content-blocks.ts';
import { homeContent, homePageContent, landingPagesContent } from '../../src/components/home/content.ts';
import home from '../../src/content/home.json' with { type: 'json' };
import landings from '../../src/content/landings.json' with { type: 'json' };
import type { SavedEntity } from '@cleaning-shop/contracts/rebuild-hook.ts';
import { escapeHtml as escape } from '@cleaning-shop/kit/escape-html.ts';
import { strings } from '../../src/strings.ts';
import {
  ADMIN,
  INTEGRATION_TOKEN,
  startTestBackend,
  type Reply,
  type TestBackend,
} from '../support/backend.ts';
import { validateOpenSourceResponse } from '../support/openapi.ts';
import { expectError, rawRequest, sleep } from './helpers.ts';

let backend: TestBackend;
let adminToken: string;
const saved: SavedEntity[] = [];

const DEMO_IDENTIFIERS = [
  'home-carousel-home-garden',
  'home-carousel-professional',
  'home-promo-banners',
  'home-promo-grid',
  'home-call-banner',
  'home-strip',
  'landing-home-garden-intro',
  'landing-professional-intro',
  'search-synonyms',
];

beforeAll(async () => {
  backend = await startTestBackend({ onSaved: (entity) => saved.push(entity) });
  adminToken = (await backend.call('POST', '/rest/V1/integration/admin/token', { body: ADMIN })).body;
});
afterAll(() => backend.stop());

const call = (method: string, path: string, body?: unknown, token: string = INTEGRATION_TOKEN) =>
  backend.call(method, `/rest/V1${path}`, { token, ...(body === undefined ? {} : { body }) });

/** `searchCriteria` in Magento's query form: one filter group per filter, AND-ed. */
function search(filters: [field: string, value: string, condition?: string][], extra = ''): string {
  const groups = filters.map(([field, value, condition], index) => {
    const prefix = `searchCriteria[filterGroups][${index}][filters][0]`;
    return `${prefix}[field]=${field}&${prefix}[value]=${encodeURIComponent(value)}${condition ? `&${prefix}[conditionType]=${condition}` : ''}`;
  });
  return `/cmsBlock/search?${[...groups, extra].filter(Boolean).join('&')}`;
}

function expectMagento(method: string, path: string, reply: Reply): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const result = validateOpenSourceResponse(method, path, 200, reply.body);
  expect(result.ok ? [] : result.errors).toEqual([]);
}

const BLOCK_KEYS = ['id', 'identifier', 'title', 'content', 'creation_time', 'update_time', 'active'];
const MAGENTO_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let counter = 0;
/** A new block through the API, as an editor makes one. */
async function newBlock(fields: Record<string, unknown> = {}): Promise<{ id: number; identifier: string }> {
  const identifier = `test-block-${++counter}-${Date.now()}`;
  const reply = await call('POST', '/cmsBlock', {
    block: { identifier, title: 'Test block', content: '<p>Hello</p>', active: true, ...fields },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.id, identifier: reply.body.identifier };
}

describe('the demo blocks', () => {
  it('are seeded for All Store Views, active, found by the storefront’s search (identifier in, is_active 1)', async () => {
    const reply = await call(
      'GET',
      search([
        ['identifier', DEMO_IDENTIFIERS.join(','), 'in'],
        ['is_active', '1'],
      ]),
    );
    expectMagento('GET', '/V1/cmsBlock/search', reply);
    expect(reply.body.total_count).toBe(DEMO_IDENTIFIERS.length);
    expect((reply.body.items as { identifier: string }[]).map((block) => block.identifier)).toEqual(
      DEMO_IDENTIFIERS,
    );
    for (const block of reply.body.items) {
      expect(Object.keys(block)).toEqual(BLOCK_KEYS);
      expect(block).toMatchObject({ active: true, creation_time: expect.stringMatching(MAGENTO_DATE) });
    }
    expect(reply.body.search_criteria).toEqual({
      filter_groups: [
        { filters: [{ field: 'identifier', value: DEMO_IDENTIFIERS.join(','), condition_type: 'in' }] },
        { filters: [{ field: 'is_active', value: '1', condition_type: 'eq' }] },
      ],
    });
    const allStores = await call('GET', search([['store_id', '0']]));
    expect(allStores.body.total_count).toBe(DEMO_IDENTIFIERS.length);
  });

  it('hold the shipped content in the agreed HTML', async () => {
    const get = async (identifier: string) => (await call('GET', `/cmsBlock/${identifier}`)).body;
    const carousel = await get('home-carousel-home-garden');
    expect(carousel.title).toBe(home.carousels.homeGarden.label);
    expect(carousel.content).toMatch(
      /^<ul class="promos">\n<li data-theme="yellow"><img src="\{\{media url="wysiwyg\/art\/pressure-washer.svg"\}\}" alt="" width="480" height="360">\n<h3>Pressure washers<\/h3>\n<p>Patios, cars, fences and garden furniture clean in no time.<\/p>\n<a href="\{\{store url="home-garden\/pressure-washer"\}\}">Shop pressure washers<\/a><\/li>\n<li data-theme="light">/,
    );
    expect(carousel.content.match(/<li /g)).toHaveLength(home.carousels.homeGarden.slides.length);
    expect(carousel.content.endsWith('</a></li>\n</ul>')).toBe(true);
    // Text is HTML-escaped.
    expect((await get('home-carousel-professional')).content).toContain(
      '<h3>Floor scrubbers &#38; scrubber dryers</h3>',
    );
    expect((await get('home-promo-grid')).title).toBe('Home promo tiles');
    expect((await get('home-call-banner')).content).toBe(
      `<h2>${escape(home.callBanner.title)}</h2>\n<p>${escape(home.callBanner.text)}</p>\n<p class="cta">${escape(home.callBanner.cta)}</p>`,
    );
    expect((await get('home-strip')).content).toBe(
      `<ul class="strip">\n<li>${escape(strings.strip.delivery)}</li>\n<li>${escape(strings.strip.advice)}</li>\n<li>${escape(strings.strip.guarantee)}</li>\n</ul>`,
    );
    const intro = await get('landing-professional-intro');
    expect(intro).toMatchObject({
      title: 'Professional introduction',
      content: `<p>${escape(landings.professional.intro)}</p>`,
    });
  });

  it('read back by the storefront as the shipped content, with no warning', async () => {
    const blocks = await readContentBlocks({ baseUrl: backend.url, token: INTEGRATION_TOKEN });
    const warnings: string[] = [];
    const page = homePageContent(blocks, (message) => warnings.push(message));
    const landingPages = landingPagesContent(blocks, (message) => warnings.push(message));
    expect(warnings).toEqual([]);
    const shipped = homeContent();
    const words = (
      promos: readonly { title: string; text: string; cta: string; href: string; theme: string }[],
    ) => promos.map(({ title, text, cta, href, theme }) => ({ title, text, cta, href, theme }));
    expect(words(page.carousels.homeGarden.slides)).toEqual(words(shipped.carousels.homeGarden.slides));
    expect(page.carousels.professional.label).toBe(shipped.carousels.professional.label);
    expect(words(page.promoGrid)).toEqual(words(shipped.promoGrid));
    expect(words(page.promoBanners)).toEqual(words(shipped.promoBanners));
    expect(page.callBanner).toEqual(shipped.callBanner);
    expect(page.strip).toEqual(shipped.strip);
    expect(page.promoGrid[0]?.image.src).toMatch(/^\/img\/\d+\/webp\/wysiwyg\/art\/deals\.svg$/);
    expect(landingPages.homeGarden.intro).toBe(landings.homeGarden.intro);
  });

  it('have their drawings served from Magento media as SVG, under /media and /pub/media', async () => {
    const blocks = (await call('GET', search([['store_id', '0']]))).body.items as { content: string }[];
    const pictures = new Set(
      blocks.flatMap((block) =>
        [...block.content.matchAll(/\{\{media url="([^"]+)"\}\}/g)].map((match) => match[1]),
      ),
    );
    expect(pictures.size).toBeGreaterThan(10);
    for (const picture of pictures) {
      const response = await fetch(`${backend.url}/media/${picture}`);
      expect(response.status, picture).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(await response.text()).toMatch(/<svg[\s>]/);
    }
    const pub = await fetch(`${backend.url}/pub/media/wysiwyg/art/deals.svg`);
    expect(pub.status).toBe(200);
    expect((await fetch(`${backend.url}/media/wysiwyg/art/no-such.svg`)).status).toBe(404);
    // Nothing outside the folder, however the path is spelled.
    for (const path of ['/media/wysiwyg/../../magento.sqlite', '/media/wysiwyg/%2e%2e/%2e%2e/magento.sqlite'])
      expect((await rawRequest(backend.url, path)).status, path).toBe(404);
  });
});

describe('reading blocks', () => {
  it('gets a block by id and by identifier, inactive ones too; search by is_active leaves those out', async () => {
    const { id, identifier } = await newBlock({ active: false });
    const byId = await call('GET', `/cmsBlock/${id}`);
    expectMagento('GET', `/V1/cmsBlock/${id}`, byId);
    expect(Object.keys(byId.body)).toEqual(BLOCK_KEYS);
    expect(byId.body).toMatchObject({
      id,
      identifier,
      title: 'Test block',
      content: '<p>Hello</p>',
      active: false,
    });
    expect((await call('GET', `/cmsBlock/${identifier}`)).body).toEqual(byId.body);
    const eq = await call('GET', search([['identifier', identifier]]));
    expect(eq.body.items).toEqual([byId.body]);
    const active = await call(
      'GET',
      search([
        ['identifier', identifier],
        ['is_active', '1'],
      ]),
    );
    expect(active.body).toMatchObject({ items: [], total_count: 0 });
  });

  it('matches identifiers case-insensitively, sorts and pages like other searches', async () => {
    const reply = await call(
      'GET',
      search(
        [['identifier', 'HOME-%', 'like']],
        'searchCriteria[sortOrders][0][field]=identifier&searchCriteria[sortOrders][0][direction]=DESC&searchCriteria[pageSize]=2&searchCriteria[currentPage]=2',
      ),
    );
    expectMagento('GET', '/V1/cmsBlock/search', reply);
    expect(reply.body.total_count).toBe(6);
    expect((reply.body.items as { identifier: string }[]).map((block) => block.identifier)).toEqual([
      'home-promo-banners',
      'home-carousel-professional',
    ]);
  });

  it('answers 404 with the id or identifier as its parameter', async () => {
    expectError(await call('GET', '/cmsBlock/99999'), 404, 'The CMS block with the "%1" ID doesn\'t exist.', [
      '99999',
    ]);
    expectError(
      await call('GET', '/cmsBlock/no-such-block'),
      404,
      'The CMS block with the "%1" ID doesn\'t exist.',
      ['no-such-block'],
    );
    expectError(
      await call('DELETE', '/cmsBlock/no-such-block'),
      404,
      'The CMS block with the "%1" ID doesn\'t exist.',
      ['no-such-block'],
    );
  });
});

describe('who may call', () => {
  const refused = {
    message: "The consumer isn't authorized to access %resources.",
    parameters: { resources: 'Magento_Cms::block' },
  };

  it('refuses guests and customers, reading or writing', async () => {
    const customer = await backend.newCustomer();
    for (const token of [undefined, customer.token]) {
      for (const [method, path, body] of [
        ['GET', search([['identifier', 'home-strip']])],
        ['GET', '/cmsBlock/home-strip'],
        ['POST', '/cmsBlock', { block: { identifier: 'x', title: 'X' } }],
        ['PUT', '/cmsBlock/1', { block: { title: 'X' } }],
        ['DELETE', '/cmsBlock/home-strip'],
      ] as const) {
        const reply = await backend.call(method, `/rest/V1${path}`, { token, ...(body ? { body } : {}) });
        expect(reply.status, `${method} ${path}`).toBe(401);
        expect(reply.body).toEqual(refused);
      }
    }
    expect((await call('GET', '/cmsBlock/home-strip')).body.active).toBe(true);
  });

  it('serves admin and integration tokens', async () => {
    expect((await call('GET', '/cmsBlock/home-strip', undefined, adminToken)).status).toBe(200);
    expect((await call('GET', '/cmsBlock/home-strip')).status).toBe(200);
  });
});

describe('saving blocks', () => {
  it('creates a block and answers the saved model: what was sent and its id, no times', async () => {
    const identifier = `created-${Date.now()}`;
    const reply = await call(
      'POST',
      '/cmsBlock',
      { block: { identifier, title: 'Created', content: '<p>New</p>', active: true } },
      adminToken,
    );
    expectMagento('POST', '/V1/cmsBlock', reply);
    expect(reply.body).toEqual({
      id: expect.any(Number),
      identifier,
      title: 'Created',
      content: '<p>New</p>',
      active: true,
    });
    const stored = (await call('GET', `/cmsBlock/${reply.body.id}`)).body;
    expect(stored.creation_time).toMatch(MAGENTO_DATE);
    expect(stored.update_time).toBe(stored.creation_time);
    // Saved through the default store view: the block belongs to that view, not to All Store Views.
    const inStore = await call(
      'GET',
      search([
        ['identifier', identifier],
        ['store_id', '1'],
      ]),
    );
    expect(inStore.body.total_count).toBe(1);
    const inAll = await call(
      'GET',
      search([
        ['identifier', identifier],
        ['store_id', '0'],
      ]),
    );
    expect(inAll.body.total_count).toBe(0);
    // Through `/rest/all/`, the admin store: All Store Views.
    const forAll = await backend.call('POST', '/rest/all/V1/cmsBlock', {
      token: INTEGRATION_TOKEN,
      body: { block: { identifier: `${identifier}-all`, title: 'For all', active: true } },
    });
    expect(forAll.status).toBe(200);
    const allStores = await call(
      'GET',
      search([
        ['identifier', `${identifier}-all`],
        ['store_id', '0'],
      ]),
    );
    expect(allStores.body.total_count).toBe(1);
  });

  it('stores a creation time sent as MySQL stores it in Magento’s UTC session, else the zero date', async () => {
    const sent = await newBlock({ creation_time: '2026-01-02T03:04:05+01:00' });
    expect((await call('GET', `/cmsBlock/${sent.id}`)).body.creation_time).toBe('2026-01-02 02:04:05');
    const bad = await newBlock({ creation_time: 'soon' });
    expect((await call('GET', `/cmsBlock/${bad.id}`)).body.creation_time).toBe('0000-00-00 00:00:00');
  });

  it('updates a block by the path’s id, stamping update_time when something changed', async () => {
    const { id, identifier } = await newBlock();
    const before = (await call('GET', `/cmsBlock/${id}`)).body;
    await sleep(1100);
    const unchanged = await call('PUT', `/cmsBlock/${id}`, { block: before });
    expect(unchanged.status).toBe(200);
    expect((await call('GET', `/cmsBlock/${id}`)).body.update_time).toBe(before.update_time);

    const reply = await call('PUT', `/cmsBlock/${id}`, {
      block: { ...before, id: 424242, content: '<p>Changed</p>' },
    });
    expectMagento('PUT', `/V1/cmsBlock/${id}`, reply);
    // The saved model: the body with the path's id; update_time is left to the database.
    expect(reply.body).toEqual({
      id,
      identifier,
      title: 'Test block',
      content: '<p>Changed</p>',
      creation_time: before.creation_time,
      active: true,
    });
    const after = (await call('GET', `/cmsBlock/${id}`)).body;
    expect(after).toMatchObject({ content: '<p>Changed</p>', creation_time: before.creation_time });
    expect(after.update_time > before.update_time).toBe(true);
    expectError(
      await call('GET', '/cmsBlock/424242'),
      404,
      'The CMS block with the "%1" ID doesn\'t exist.',
      ['424242'],
    );
  });

  it('writes only what a PUT sends: a left-out content is cleared, the other columns kept', async () => {
    const { id, identifier } = await newBlock();
    const reply = await call('PUT', `/cmsBlock/${id}`, { block: { title: 'Retitled' } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ id, identifier: '', title: 'Retitled', active: false });
    const stored = (await call('GET', `/cmsBlock/${id}`)).body;
    expect(stored).toMatchObject({ identifier, title: 'Retitled', active: true });
    expect(stored).not.toHaveProperty('content');
  });

  it('refuses an identifier All Store Views already have, on create and on update', async () => {
    const message = 'A block identifier with the same properties already exists in the selected store.';
    expectError(
      await call('POST', '/cmsBlock', { block: { identifier: 'home-strip', title: 'Again' } }),
      400,
      message,
    );
    expectError(
      await call('POST', '/cmsBlock', { block: { identifier: 'Home-Strip', title: 'Again' } }),
      400,
      message,
    );
    const { id } = await newBlock();
    expectError(await call('PUT', `/cmsBlock/${id}`, { block: { identifier: 'home-strip' } }), 400, message);
    // Its own identifier is no clash.
    const strip = (await call('GET', '/cmsBlock/home-strip')).body;
    expect((await call('PUT', `/cmsBlock/${strip.id}`, { block: strip })).status).toBe(200);
  });

  it('answers a block without title or identifier with the database’s refusal, as Magento does', async () => {
    expectError(
      await call('POST', '/cmsBlock', { block: { identifier: `no-title-${Date.now()}`, active: true } }),
      400,
      "SQLSTATE[23000]: Integrity constraint violation: 1048 Column 'title' cannot be null, query was: INSERT INTO `cms_block` (`block_id`, `title`, `identifier`, `content`, `is_active`) VALUES (?, ?, ?, ?, ?)",
    );
    expectError(
      await call('POST', '/cmsBlock', { block: { title: 'No identifier' } }),
      400,
      "SQLSTATE[23000]: Integrity constraint violation: 1048 Column 'identifier' cannot be null, query was: INSERT INTO `cms_block` (`block_id`, `title`, `identifier`, `content`) VALUES (?, ?, ?, ?)",
    );
    expectError(await call('POST', '/cmsBlock', {}), 400, '"%fieldName" is required. Enter and try again.', {
      fieldName: 'block',
    });
  });

  it('refuses a block that includes itself, a field Magento does not know and an id that is no number', async () => {
    const { id } = await newBlock();
    expectError(
      await call('PUT', `/cmsBlock/${id}`, {
        block: { content: `{{widget type="Magento\\Cms\\Block\\Widget\\Block" block_id="${id}"}}` },
      }),
      400,
      'Make sure that static block content does not reference the block itself.',
    );
    expectError(
      await call('POST', '/cmsBlock', { block: { identifier: 'x', title: 'X', store_id: 0 } }),
      400,
      '"%fieldName" is not supported. Correct the field name and try again.',
      { fieldName: 'store_id' },
    );
    expectError(
      await call('PUT', '/cmsBlock/home-strip', { block: { title: 'X' } }),
      400,
      'Error occurred during "id" processing. The "home-strip" value\'s type is invalid. The "int" type was expected. Verify and try again.',
    );
  });

  it('deletes a block by id or identifier, answering true', async () => {
    const first = await newBlock();
    const reply = await call('DELETE', `/cmsBlock/${first.id}`);
    expectMagento('DELETE', `/V1/cmsBlock/${first.id}`, reply);
    expect(reply.body).toBe(true);
    expect((await call('GET', `/cmsBlock/${first.id}`)).status).toBe(404);
    const second = await newBlock();
    expect((await call('DELETE', `/cmsBlock/${second.identifier}`)).body).toBe(true);
    expect((await call('GET', `/cmsBlock/${second.id}`)).status).toBe(404);
  });

  it('tells the rebuild hook of each save and delete with the stored identifier, not of refusals', async () => {
    await sleep(50);
    const from = saved.length;
    const { id, identifier } = await newBlock();
    // A PUT that leaves the identifier out still reports the block's.
    await call('PUT', `/cmsBlock/${id}`, { block: { content: '<p>Edited</p>' } });
    expect(
      (await call('POST', '/cmsBlock', { block: { identifier: 'home-promo-grid', title: 'Refused' } }))
        .status,
    ).toBe(400);
    expect((await call('GET', '/cmsBlock/999999')).status).toBe(404);
    await call('DELETE', `/cmsBlock/${id}`);
    await sleep(50);
    expect(saved.slice(from)).toEqual([
      { entity: 'cms-block', identifier, deleted: false },
      { entity: 'cms-block', identifier, deleted: false },
      { entity: 'cms-block', identifier, deleted: true },
    ]);
  });
});

describe('a restart', () => {
  it('keeps an editor’s blocks, does not bring back a deleted demo block, and seeds a database that never had them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'magento-cms-'));
    try {
      let running = await startTestBackend({}, dir);
      const strip = (await running.call('GET', '/rest/V1/cmsBlock/home-strip', { token: INTEGRATION_TOKEN }))
        .body;
      const edited = { ...strip, content: '<ul class="strip"><li>One</li><li>Two</li><li>Three</li></ul>' };
      expect(
        (
          await running.call('PUT', `/rest/V1/cmsBlock/${strip.id}`, {
            token: INTEGRATION_TOKEN,
            body: { block: edited },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await running.call('DELETE', '/rest/V1/cmsBlock/landing-professional-intro', {
            token: INTEGRATION_TOKEN,
          })
        ).body,
      ).toBe(true);
      await running.stop();

      running = await startTestBackend({}, dir);
      expect(
        (await running.call('GET', '/rest/V1/cmsBlock/home-strip', { token: INTEGRATION_TOKEN })).body
          .content,
      ).toBe(edited.content);
      expect(
        (
          await running.call('GET', '/rest/V1/cmsBlock/landing-professional-intro', {
            token: INTEGRATION_TOKEN,
          })
        ).status,
      ).toBe(404);
      // A database from before the demo blocks existed: no blocks, and no record of having had them.
      running.db.exec("DELETE FROM cms_block; DELETE FROM meta WHERE key = 'demo_cms_blocks';");
      await running.stop();

      running = await startTestBackend({}, dir);
      const all = await running.call('GET', `/rest/V1${search([['store_id', '0']])}`, {
        token: INTEGRATION_TOKEN,
      });
      expect(all.body.total_count).toBe(DEMO_IDENTIFIERS.length);
      await running.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
