/** The product route's render plan, served by astro.config.mjs (src/publish/plan-files.ts). */
declare module 'virtual:render-plan' {
  /** Url keys of the product pages this build renders; null renders every one (a plain `astro build`). */
  export const renderOnly: readonly string[] | null;
}
