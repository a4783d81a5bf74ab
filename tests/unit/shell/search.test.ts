import { describe, expect, it } from 'vitest';
import { searchPath } from '../../../src/ui/search-path.ts';

describe('searchPath', () => {
  it('leads to the search route with the trimmed text', () => {
    expect(searchPath('  pressure washer ')).toBe('/search/pressure%20washer');
  });

  it('encodes characters that would break the path', () => {
    expect(searchPath('K 5/7 #2?')).toBe('/search/K%205%2F7%20%232%3F');
  });

  it('does nothing for empty or blank text', () => {
    expect(searchPath('')).toBeNull();
    expect(searchPath(' \t ')).toBeNull();
  });
});
