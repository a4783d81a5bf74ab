/**
 * The home page's CMS blocks as editors write them in Magento: directives resolved, anything executable
 * or from elsewhere dropped, the structured slots read, and a block the page cannot show left to the
 * shipped content with a warning that names it and says what to put right.
 */
import { describe, expect, it } from 'vitest';
import { blockBanner, cleanBlock, resolveDirectives } from '../../../src/components/home/cms.ts';
import {
  homeContent,
  homePageContent,
  landingPagesContent,
  landingsContent,
} from '../../../src/components/home/content.ts';
import type { ContentBlock } from '../../../src/catalogue/types.ts';

const promo = (n: number, theme = 'blue') =>
  `<li data-theme="${theme}"><img src="{{media url="wysiwyg/home/tile-${n}.jpg"}}" alt="" width="600" height="400">` +
  `<h3>Tile ${n}</h3><p>Text of tile ${n}.</p><a href="{{store url="home-garden/steam-cleaners"}}">Open ${n}</a></li>`;

const list = (count: number) =>
  `<ul class="promos">${Array.from({ length: count }, (_, index) => promo(index + 1)).join('\n')}</ul>`;

const collect = () => {
  const warnings: string[] = [];
  return { warnings, warn: (message: string) => warnings.push(message) };
};

describe('CMS directives', () => {
  it('resolves media and store directives in every quoting Magento editors save', () => {
    const { html, unsupported } = resolveDirectives(
      '<img src="{{media url="wysiwyg/a.png"}}"><img src="{{media url=&quot;wysiwyg/b.png&quot;}}">' +
        "<img src='{{media url=wysiwyg/c.png}}'><a href=\"{{store url='professional/'}}\">x</a>" +
        '<a href="{{store url=""}}">home</a><a href="{{store direct_url="home-garden/detergents.html"}}">d</a>',
    );
    expect(html).toContain('src="/media/wysiwyg/a.png"');
    expect(html).toContain('src="/media/wysiwyg/b.png"');
    expect(html).toContain("src='/media/wysiwyg/c.png'");
    expect(html).toContain('href="/professional"');
    expect(html).toContain('href="/"');
    expect(html).toContain('href="/home-garden/detergents"');
    expect(unsupported).toEqual([]);
  });

  it('leaves out widgets and other directives it cannot render, and names them', () => {
    const { html, unsupported } = resolveDirectives(
      '<p>Hi {{widget type="Magento\\CatalogWidget\\Block\\Product\\ProductsList" products_count="5"}}{{trans "there"}}</p>',
    );
    expect(html).toBe('<p>Hi there</p>');
    expect(unsupported).toHaveLength(1);
    expect(unsupported[0]).toMatch(/^\{\{widget /);
  });
});

describe('CMS sanitising', () => {
  it('drops scripts, event handlers, styles and javascript: links but keeps the words', () => {
    const { html } = cleanBlock(
      '<p onclick="steal()">Safe <script>alert(1)</script><a href="javascript:alert(1)">click</a>' +
        '<style>body{display:none}</style><iframe src="https://evil.example"></iframe><strong>bold</strong></p>',
    );
    expect(html).toBe('<p>Safe <a>click</a><strong>bold</strong></p>');
  });

  it('sends Magento media pictures through the image route and drops pictures from elsewhere', () => {
    const { html, problems } = cleanBlock(
      '<p><img src="{{media url="wysiwyg/home/banner.jpg"}}" alt="A banner" width="1200" height="400" onerror="x()">' +
        '<img src="https://tracker.example/pixel.gif"><img src="{{media url="../../etc/passwd.jpg"}}"></p>',
    );
    expect(html).toContain('src="/img/960/webp/wysiwyg/home/banner.jpg"');
    expect(html).toContain('/img/320/webp/wysiwyg/home/banner.jpg 320w');
    expect(html).toContain('alt="A banner"');
    expect(html).not.toContain('tracker.example');
    expect(html).not.toContain('passwd');
    expect(html).not.toContain('onerror');
    expect(problems).toEqual([
      '2 pictures are not from Magento media (use {{media url="wysiwyg/…"}}) and were left out',
    ]);
  });

  it("keeps links on the shop and to the web, without the editor's own attributes or classes", () => {
    expect(cleanBlock('<a href="https://example.com/x" rel="opener" target="_blank">x</a>').html).toBe(
      '<a href="https://example.com/x">x</a>',
    );
    expect(cleanBlock('<a href="{{store url="hire"}}">x</a>').html).toBe('<a href="/hire">x</a>');
    expect(cleanBlock('<p class="visually-hidden cta">Call</p>').html).toBe('<p class="cta">Call</p>');
  });

  it('reads a banner: heading, sentence and the cta paragraph', () => {
    expect(
      blockBanner('<h2>Need help?</h2>\n<p>Call our experts.</p>\n<p class="cta">Ring us on</p>'),
    ).toEqual({ title: 'Need help?', text: 'Call our experts.', cta: 'Ring us on' });
  });
});

describe('the home page from CMS blocks', () => {
  const blocks: Record<string, ContentBlock> = {
    'home-carousel-home-garden': { title: 'Garden ideas', content: list(3) },
    'home-promo-grid': { title: 'Tiles', content: list(8) },
    'home-promo-banners': { title: 'Banners', content: list(3) },
    'home-strip': { title: 'Strip', content: '<ul><li>One</li><li>Two</li><li>Three</li></ul>' },
    'home-call-banner': {
      title: 'Call',
      content: '<h2>Ask us</h2><p>We know machines.</p><p class="cta">Phone</p>',
    },
  };

  it('fills each slot from its block', () => {
    const { warn } = collect();
    const home = homePageContent(blocks, warn);
    expect(home.carousels.homeGarden.label).toBe('Garden ideas');
    expect(home.carousels.homeGarden.slides.map((slide) => slide.title)).toEqual([
      'Tile 1',
      'Tile 2',
      'Tile 3',
    ]);
    expect(home.promoGrid[7]).toEqual({
      title: 'Tile 8',
      text: 'Text of tile 8.',
      cta: 'Open 8',
      href: '/home-garden/steam-cleaners',
      theme: 'blue',
      image: expect.objectContaining({
        src: '/img/960/webp/wysiwyg/home/tile-8.jpg',
        width: 600,
        height: 400,
      }),
    });
    expect(home.strip).toEqual(['One', 'Two', 'Three']);
    expect(home.callBanner).toEqual({ title: 'Ask us', text: 'We know machines.', cta: 'Phone' });
  });

  it('keeps the shipped content for a block that is missing or not in shape, and says which and why', () => {
    const { warnings, warn } = collect();
    const home = homePageContent(blocks, warn);
    const shipped = homeContent();
    expect(home.promoBanners).toEqual(shipped.promoBanners);
    expect(home.carousels.professional).toEqual(shipped.carousels.professional);
    expect(warnings).toContain(
      'CMS block "home-promo-banners" cannot be shown (needs exactly two promo banners): the page shows the shipped content for it.',
    );
    expect(warnings).toContain(
      'CMS block "home-carousel-professional" is missing or inactive in Magento: the page shows the shipped content for it.',
    );
  });

  it('names the item and the field an editor must put right', () => {
    const { warnings, warn } = collect();
    const broken = list(8)
      .replace('<h3>Tile 3</h3>', '')
      .replace(/<img[^>]*tile-5[^>]*>/, '');
    homePageContent({ ...blocks, 'home-promo-grid': { title: 'Tiles', content: broken } }, warn);
    const message = warnings.find((warning) => warning.includes('home-promo-grid'));
    expect(message).toContain('item 3, title needs a heading (<h3>)');
    expect(message).toContain('item 5, image needs a picture from Magento media');
  });

  it('uses the shipped content everywhere when Magento has no blocks', () => {
    const { warnings, warn } = collect();
    const home = homePageContent(undefined, warn);
    expect(home).toEqual(homeContent());
    expect(warnings).toHaveLength(6);
  });
});

describe('the landings from CMS blocks', () => {
  it('shows the introduction as the editor formatted it, and its text as the description', () => {
    const { warn } = collect();
    const landings = landingPagesContent(
      {
        'landing-home-garden-intro': {
          title: 'Intro',
          content:
            '<p>Clean <strong>faster</strong>.<script>alert(1)</script> See <a href="{{store url="hire"}}" onclick="x()">hire</a>.</p>' +
            '<img src="x" onerror="alert(2)">',
        },
      },
      warn,
    );
    expect(landings.homeGarden.introHtml).toBe(
      '<p>Clean <strong>faster</strong>. See <a href="/hire">hire</a>.</p>',
    );
    expect(landings.homeGarden.intro).toBe('Clean faster. See hire.');
    expect(landings.professional.intro).toBe(landingsContent().professional.intro);
    expect(landings.professional.introHtml).toBeUndefined();
  });
});
