/**
 * Text the PDF standard fonts can show. They are encoded in WinAnsi (Latin-1 and a few more: £, €, curly
 * quotes, dashes, ™), and pdfkit writes any other character as a broken code, so a product name with, say,
 * "Ł" or "≥" in it would garble. Letters with accents outside WinAnsi lose the accent; what has no
 * WinAnsi form becomes "?".
 */

/** The characters of WinAnsi above Latin-1's range (code page 1252's 0x80–0x9F). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const printable = (character: string): boolean => {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(character);
};

export function winAnsi(text: string): string {
  let out = '';
  for (const character of text.replace(/[\u2000-\u200a\u202f\u00a0]/g, ' ')) {
    if (printable(character) || character === '\n') {
      out += character;
      continue;
    }
    const bare = character.normalize('NFKD').replace(/\p{M}/gu, '');
    out += [...bare].every(printable) && bare !== '' ? bare : '?';
  }
  return out;
}
