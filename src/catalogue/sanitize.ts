/** Product descriptions come from Magento as HTML: keep the formatting, drop anything executable. */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'span',
    'sup',
    'sub',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener nofollow' }),
    h1: 'h2',
  },
  disallowedTagsMode: 'discard',
};

export const sanitizeDescription = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
