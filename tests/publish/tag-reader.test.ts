import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { attributeValue, readTags, Wanted } from '../../src/publish/render/tag-reader.ts';

const NAMES = ['href', 'src', 'content', 'class', 'name', 'srcset', 'data-x', 'a'];

/** The start tags and their attributes named in NAMES, as htmlparser2's parser reads them. */
function byParser(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentagname: (name) => found.push(`<${name}`),
      onattribute: (name, value) => {
        if (NAMES.includes(name)) found.push(`${name}=${value}`);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

/** The same, as the tag reader reads them. */
function byReader(html: string): string[] {
  const found: string[] = [];
  readTags(
    html,
    {
      open: (name) => found.push(`<${name}`) > 0,
      attribute: (name, raw, quote) => found.push(`${name}=${attributeValue(raw, quote)}`),
      close: () => undefined,
    },
    new Wanted(NAMES),
  );
  return found;
}

describe('readTags', () => {
  const pages = {
    'quoted, unquoted and bare values, names in capitals': `<A HREF="/a" Class='b c' data-x=/d?e=f disabled><img src=/i.jpg>`,
    'attributes with no space between them, and a stray slash': `<a href="/a"class="x" / name=n><br/><a href=/b/>`,
    'comments, an empty one and a declaration': `<!DOCTYPE html><!-- <a href="/no"> --><!--><a href="/yes"><!----><? pi ><a href="/too">`,
    'text of raw-text elements': `<script>if (a < b) document.write('<a href="/no">')</script><style>/* <a href="/no"> */</style><title><a href="/no"></title><textarea><a href="/no"></textarea><a href="/yes">`,
    'an end tag of a raw-text element in capitals, with a space': `<SCRIPT>x = '</scriptx>'; '<a href="/no">'</SCRIPT ><a href="/yes">`,
    'SVG: its title and style are markup, and it closes itself': `<svg><title><a href="/in-svg"></title><style><a href="/in-style"></style></svg><svg/><title><a href="/no"></title><a href="/yes">`,
    'character references': `<a href="/a?b=1&amp;c=2&#38;d=&#x26;e&quot;f" content="&lt;&gt;&apos;&#39;" name="&copy; &eacute &notin; &#0; &#150;" data-x="&Amp;&AMP;&QUOT;" a="&#0;&#150;&#39;&#x2F;" src="&#xD800;&#x110000;">`,
    'a bare ampersand and a legacy reference before = in a value': `<a href="/a?x=1&y=2&copy=3&amp=4">`,
    'an empty value, and an end tag with attributes': `<a href="" src=><a href='/b'></a class="x"><a href="/c">`,
    'CDATA and text that only looks like a tag': `<![CDATA[<a href="/no">]]>a < b <3 <a href="/yes"></ <a href="/after">`,
  };

  for (const [what, html] of Object.entries(pages))
    it(`reads what htmlparser2 reads: ${what}`, () => {
      expect(byReader(html)).toEqual(byParser(html));
    });

  it('stops where the handler says, before reading that tag', () => {
    const seen: string[] = [];
    readTags(
      '<a href="/a"><header class="site"><a href="/b">',
      {
        open: (name) => seen.push(name) > 0 && name !== 'header',
        attribute: (name) => void seen.push(name),
        close: () => undefined,
      },
      new Wanted(['href', 'class']),
    );
    expect(seen).toEqual(['a', 'href', 'header']);
  });
});
