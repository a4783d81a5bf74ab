/**
 * A pre-rendered listing page: its own URL, and which of the listing's filters it bakes (DESIGN.md §4,
 * "what a page shows of other products"). The price bands sum up the whole listing's prices, so a page
 * leaves them to the tools, which draw them from the filter index; the page's fingerprint hashes only what
 * it bakes, so a price that moves no card of a page leaves the page alone.
 */
import { PRICE, type Facet } from './listing-index.ts';

/** A listing page's own URL: the listing's path for page 1, `{path}/page/{n}` after. */
export const pagePath = (listing: { path: string }, page: number): string =>
  page <= 1 ? listing.path : `${listing.path}/page/${page}`;

/** Is this filter drawn by the tools from the filter index, not baked into the page? */
export const drawnByTools = (facet: Facet): boolean => facet.code === PRICE;

/** The filters as a pre-rendered listing page shows them (its fingerprint hashes this): no price bands. */
export const bakedFacets = (facets: readonly Facet[]): Facet[] =>
  facets.map((facet) => (drawnByTools(facet) && facet.kind === 'range' ? { ...facet, bands: [] } : facet));
