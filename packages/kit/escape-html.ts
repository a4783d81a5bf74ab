/** Text for HTML markup or an attribute value: `&`, `<`, `>`, `"` and `'` as numeric character references. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
