/** The door of components/alerts: it lends nothing but its components (`Name.astro`, `Name.tsx`), each a door of its own. */
export {};
