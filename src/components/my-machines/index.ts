/** The door of components/my-machines: it lends nothing but its components (`Name.astro`, `Name.tsx`), each a door of its own. */
export {};
