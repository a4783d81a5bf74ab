import { describe, expect, it } from 'vitest';
import { edgeCachingFor, edgeHeaders, withSharedMaxAge } from '../../src/cdn/headers.ts';

describe('edge caching from the settings', () => {
  it('lets a CDN keep answers for CDN_MAX_AGE only when a publish purges it', () => {
    expect(edgeCachingFor({ CDN_PURGE: 'none', CDN_MAX_AGE: 86400 })).toEqual({ cacheTag: false });
    expect(edgeCachingFor({ CDN_PURGE: 'varnish', CDN_MAX_AGE: 3600 })).toEqual({
      sharedMaxAge: 3600,
      cacheTag: false,
    });
    expect(edgeCachingFor({ CDN_PURGE: 'cloudflare', CDN_MAX_AGE: 60 })).toEqual({
      sharedMaxAge: 60,
      cacheTag: true,
    });
  });

  it('adds s-maxage to what may be shared, never to private, no-store or immutable answers', () => {
    const edge = { sharedMaxAge: 86400, cacheTag: false };
    expect(withSharedMaxAge('public, max-age=0, must-revalidate', edge)).toBe(
      'public, max-age=0, must-revalidate, s-maxage=86400',
    );
    for (const value of ['no-store', 'private, no-store', 'public, max-age=31536000, immutable'])
      expect(withSharedMaxAge(value, edge)).toBe(value);
    expect(withSharedMaxAge('public, max-age=300', { cacheTag: false })).toBe('public, max-age=300');
  });

  it('sends the keys space-separated, comma-separated for Cloudflare, and the build when known', () => {
    expect(edgeHeaders(['product:a', 'product', 'build'], { cacheTag: true }, 'b1')).toEqual({
      'Surrogate-Key': 'product:a product build',
      'Cache-Tag': 'product:a,product,build',
      'X-Build-Id': 'b1',
    });
    expect(edgeHeaders(['build'], { cacheTag: false }, undefined)).toEqual({ 'Surrogate-Key': 'build' });
  });
});
