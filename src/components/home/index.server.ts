/** The door of components/home for the server: what the rest of the shop may use of it that runs only in Node. */
export { callBannerContent, homePageContent, landingPagesContent, stripContent } from './content.ts';
export type { LandingsContent } from './content.ts';
