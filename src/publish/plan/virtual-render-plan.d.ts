/** The product and listing routes' render plan, served by astro.config.mjs (src/publish/plan/plan-files.ts). */
declare module 'virtual:render-plan' {
  /**
   * Keys of the product pages (url keys) and listing pages (paths without the leading `/`) this build
   * renders; null renders every one (a plain `astro build`).
   */
  export const renderOnly: readonly string[] | null;
  /** The instant (epoch ms) the pages are priced at; null: when the build starts (a plain `astro build`). */
  export const pricedAt: number | null;
}
