/**
 * The editable content: the real files parse, every picture exists, every link leads somewhere the shop
 * serves, and a mistake is reported against the field with a way to fix it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LISTING_CODES } from '../../../src/catalogue/categories.ts';
import {
  homeContent,
  homeSchema,
  landingsContent,
  promoSchema,
} from '../../../src/components/home/content.ts';
import { HIRE_MENU, SERVICES_MENU } from '../../../src/site/menus.ts';
import { parseContent } from '../../../src/config/parse-content.ts';
import { checkPaths, contentPageSchema } from '../../../src/components/shell/pages.ts';
import { NOTICE_SECTIONS, SUMMARY_SECTIONS } from '../../../src/components/shell/privacy.ts';
import { PAY_IN_3_INFO_HREF } from '../../../src/features/checkout/pay-in-3-texts.ts';

const frontmatter = (file: string, key: string): string | undefined =>
  readFileSync(file, 'utf8').match(new RegExp(`^${key}: (.+)$`, 'm'))?.[1];

const markdownFiles = (folder: string): string[] =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${folder}/${name}`);

const contentPaths = new Set(markdownFiles('src/content/pages').map((file) => frontmatter(file, 'path')));

/** Destinations the shop serves: content pages, landings, listings and the one sub-category the spec names. */
const served = (href: string): boolean =>
  contentPaths.has(href) ||
  ['/', '/home-garden', '/professional', '/home-garden/window-vac/wv-black-edition'].includes(href) ||
  Object.entries(LISTING_CODES).some(([audience, codes]) =>
    codes.some((code) => href === `/${audience}/${code}`),
  );

const promos = () => {
  const home = homeContent();
  const landings = landingsContent();
  return [
    ...home.carousels.homeGarden.slides,
    ...home.carousels.professional.slides,
    ...home.promoBanners,
    ...home.promoGrid,
    ...landings.homeGarden.slider.slides,
    ...landings.homeGarden.promos,
    ...landings.professional.slider.slides,
    landings.professional.industryBanner,
    ...landings.professional.promos,
  ];
};

describe('home and landing content', () => {
  it('parses', () => {
    expect(homeContent().promoGrid).toHaveLength(8);
    expect(landingsContent().homeGarden.promos).toHaveLength(4);
    expect(landingsContent().professional.promos).toHaveLength(3);
  });

  it('has two promo banners: steam cleaners and the window vac black edition', () => {
    expect(homeContent().promoBanners.map((promo) => promo.href)).toEqual([
      '/home-garden/steam-cleaners',
      '/home-garden/window-vac/wv-black-edition',
    ]);
  });

  it('links each carousel slide to a category page of its audience', () => {
    const { homeGarden, professional } = homeContent().carousels;
    for (const slide of homeGarden.slides) expect(slide.href).toMatch(/^\/home-garden\/[a-z-]+$/);
    for (const slide of professional.slides) expect(slide.href).toMatch(/^\/professional\/[a-z-]+$/);
  });

  it('links the professional promos to industry solutions, food industry, services and contact', () => {
    const page = landingsContent().professional;
    expect(page.industryBanner.href).toBe('/services/industry-solutions');
    expect(page.promos.map((promo) => promo.href)).toEqual([
      '/services/industry-solutions/food-industry',
      '/services/professional',
      '/services/support/contact',
    ]);
  });

  it('only uses pictures that exist in public/', () => {
    for (const promo of promos()) expect(existsSync(`public${promo.image.src}`), promo.image.src).toBe(true);
  });

  it('only links to pages the shop serves', () => {
    for (const promo of promos()) expect(served(promo.href), promo.href).toBe(true);
  });

  it('names the field and the fix when an editor makes a mistake', () => {
    const broken = { ...homeContent(), promoGrid: homeContent().promoGrid.slice(1) };
    expect(() => parseContent(homeSchema, broken, 'src/content/home.json')).toThrow(
      /src\/content\/home\.json is not valid content[\s\S]*needs exactly eight tiles[\s\S]*promoGrid/,
    );
    const promo = {
      title: 'Sale',
      text: 'Now on',
      cta: 'Go',
      href: 'https://elsewhere.example',
      image: '/art/x.svg',
    };
    const result = promoSchema.safeParse({ ...promo, theme: 'pink' });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(/must be a path on this shop/);
  });
});

describe('content pages', () => {
  it('exist for every Services and Hire menu link and every destination the spec lists', () => {
    const spec = [
      '/register-review',
      '/best-deals',
      '/cleaning-hygiene',
      '/services/industry-solutions',
      '/services/industry-solutions/food-industry',
      '/services/professional',
      '/services/support',
      '/services/support/contact',
      '/services/online-shop-support',
      '/services/online-shop-support/guarantee',
      '/services/support/online-shop-support/product-guarantee',
      '/services/support/online-shop-support/how-to-guides',
      '/hire',
    ];
    for (const path of [...spec, ...SERVICES_MENU.map((l) => l.href), ...HIRE_MENU.map((l) => l.href)]) {
      expect(contentPaths.has(path), path).toBe(true);
    }
  });

  it('never claims a path of the catalogue or of another route', () => {
    expect(() => checkPaths([{ file: 'a.md', data: { path: '/home-garden/offers' } }])).toThrow(
      /belongs to another part of the shop/,
    );
    expect(() =>
      checkPaths([
        { file: 'a.md', data: { path: '/hire' } },
        { file: 'b.md', data: { path: '/hire' } },
      ]),
    ).toThrow(/b\.md and a\.md both use the path \/hire/);
  });

  it("has the section Pay in 3's Learn more leads to, with what PayPal asks us to say", () => {
    const [path, fragment] = PAY_IN_3_INFO_HREF.split('#');
    const file = markdownFiles('src/content/pages').find((each) => frontmatter(each, 'path') === path);
    if (!file) throw new Error(`no content page at ${path}`);
    const text = readFileSync(file, 'utf8');
    // The id Astro gives a Markdown heading (github-slugger's, for a heading of words and digits).
    const slug = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-');
    const headings = [...text.matchAll(/^#{2,3} (.+)$/gm)].map(([, heading = '']) => slug(heading));
    expect(headings).toContain(fragment);
    const section = text.slice(text.search(/^## Pay in 3/m)).split(/^## /m)[1] ?? '';
    for (const words of ['£30 to £2,000', 'form of credit', 'status and approval', '18', 'PayPal UK Ltd'])
      expect(section, words).toContain(words);
  });

  it('rejects a path with a trailing slash or capitals', () => {
    const page = { title: 'Hire', description: 'Hire machines' };
    expect(contentPageSchema.safeParse({ ...page, path: '/hire/' }).success).toBe(false);
    expect(contentPageSchema.safeParse({ ...page, path: '/Hire' }).success).toBe(false);
    expect(contentPageSchema.safeParse({ ...page, path: '/hire' }).success).toBe(true);
  });
});

describe('privacy content', () => {
  it('has the six summary sections', () => {
    expect(markdownFiles('src/content/privacy/summary').map((file) => frontmatter(file, 'title'))).toEqual([
      'Contact / data protection officer',
      'Collection and storage of personal data',
      'Transfer and deletion of personal data',
      'Safety',
      'Cookies and behavioural advertising',
      'Your rights',
    ]);
    expect(SUMMARY_SECTIONS).toBe(6);
  });

  it('has the fourteen notice sections with the spec titles, in order', () => {
    expect(markdownFiles('src/content/privacy/notice').map((file) => frontmatter(file, 'title'))).toEqual([
      'Contact / Data Protection Officer',
      'How we collect personal information',
      'How do we use your personal information',
      'Marketing and preferences',
      'Processing for profiling',
      'Contact from the manufacturer',
      'Sharing your information',
      'Protecting your personal information',
      'Children',
      'Transferring information outside the EEA',
      'How long do we keep your personal information',
      'Changes in our privacy notice',
      'Your rights',
      'Data protection rights',
    ]);
    expect(NOTICE_SECTIONS).toBe(14);
  });

  it('states the notice date, review, retention, transfer and sharing rules of spec §9', () => {
    const notice = [
      'src/content/privacy/notice-introduction.md',
      ...markdownFiles('src/content/privacy/notice'),
    ]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(notice).toMatch(/February 2022/);
    expect(notice).toMatch(/at least once a year/);
    expect(notice).toMatch(/at least for the warranty term/);
    expect(notice).toMatch(/do not transfer it outside the EEA without your express permission/);
    expect(notice).toMatch(
      /never share your personal information with anyone outside our group for their own marketing/,
    );
    expect(notice).toMatch(/\{provider\} \("we", "us", "our"\) is the data controller/);
    expect(notice).toMatch(
      /e-mail, through our website, by phone, on social media, at our training academy or at trade shows/,
    );
  });
});
