import { describe, expect, it } from 'vitest';
import { escapeControls, lineLog } from './log-line.ts';

/** How a log file or terminal splits what it is given into lines. */
const linesOf = (text: string) => text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);

describe('escapeControls', () => {
  it('writes line breaks, tabs and other controls as visible escapes', () => {
    expect(escapeControls('WH-1\nPayment PP-1: 99900 pence refunded')).toBe(
      'WH-1\\nPayment PP-1: 99900 pence refunded',
    );
    expect(escapeControls('a\r\nb\tc')).toBe('a\\r\\nb\\tc');
    expect(escapeControls('\u0000\u001b[31m\u007f\u0085\u009b')).toBe(
      '\\u0000\\u001b[31m\\u007f\\u0085\\u009b',
    );
    expect(escapeControls('a\u2028b\u2029c')).toBe('a\\u2028b\\u2029c');
    expect(escapeControls('\u202eevil\u2066')).toBe('\\u202eevil\\u2066');
  });

  it('leaves ordinary text, accents and emoji as they are', () => {
    const text = 'Café “K 5” £649.99 — 🧽 C:\\path';
    expect(escapeControls(text)).toBe(text);
  });

  it('changes nothing the second time, so logs wrapped at several layers agree', () => {
    const once = escapeControls('x\ny\u2028z\\n');
    expect(escapeControls(once)).toBe(once);
  });
});

describe('lineLog', () => {
  it('writes every message as one line, whatever it carries', () => {
    const written: string[] = [];
    const log = lineLog((line) => written.push(line));
    log('Payment PP-1 refused\nPayment PP-2: 99900 pence refunded\r\u2028\u0085');
    expect(written).toHaveLength(1);
    expect(linesOf(written[0] ?? '')).toHaveLength(1);
  });
});
