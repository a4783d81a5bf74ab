/** Magento's text and date fields as the shop shows them (src/catalogue/fields.ts). */
import { describe, expect, it } from 'vitest';
import { htmlToText, metaDescription, toW3cDate } from '../../../src/catalogue/fields.ts';

describe('htmlToText', () => {
  it('drops tags, decodes entities and collapses whitespace', () => {
    expect(htmlToText('The AD 6 ash &amp; dry vacuum')).toBe('The AD 6 ash & dry vacuum');
    expect(htmlToText('<p>One</p>\n<p>Two &lt;3&gt; &#8364;5 &#x2013; &quot;ok&quot;</p>')).toBe(
      'One Two <3> €5 – "ok"',
    );
  });

  it('leaves unknown entities alone', () => {
    expect(htmlToText('a &bogus; b')).toBe('a &bogus; b');
  });
});

describe('metaDescription', () => {
  it('keeps short text whole', () => {
    expect(metaDescription('Short &amp; sweet.')).toBe('Short & sweet.');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const text = 'word '.repeat(60);
    const cut = metaDescription(text, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/word…$/);
  });
});

describe('toW3cDate', () => {
  it("turns Magento's updated_at into a UTC date-time", () => {
    expect(toW3cDate('2026-11-23 07:35:26')).toBe('2026-11-23T07:35:26Z');
    expect(toW3cDate('2026-11-23')).toBe('2026-11-23');
    expect(toW3cDate('yesterday')).toBeUndefined();
  });
});
