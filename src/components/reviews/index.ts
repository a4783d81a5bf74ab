/** The door of components/reviews: its components (`Name.astro`, `Name.tsx`) are doors of their own; browser scripts have index.client.ts. */
export {};
