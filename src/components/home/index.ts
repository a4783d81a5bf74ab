/** The door of components/home: its components (`Name.astro`) are doors of their own; the build reads its content through index.server.ts. */
export {};
