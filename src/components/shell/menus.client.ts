/**
 * Behaviour the header's `<details>` menus lack natively: Escape closes the open menu and returns focus
 * to its toggle; a click outside or focus moving out closes it. Browsers without `<details name>` get the
 * exclusivity here too. Other header widgets (the account island) take part through one document event:
 * whoever opens dispatches `shell:menu-open`, and everyone else closes.
 */
export const MENU_OPEN_EVENT = 'shell:menu-open';

export interface MenuOpenDetail {
  /** The element that opened, so it does not close itself. */
  source: Element;
}

const menus = (): HTMLDetailsElement[] => [
  ...document.querySelectorAll<HTMLDetailsElement>('details[data-menu]'),
];

const close = (menu: HTMLDetailsElement): void => {
  menu.open = false;
};

export function initMenus(): void {
  for (const menu of menus()) {
    menu.addEventListener('toggle', () => {
      if (!menu.open) return;
      document.dispatchEvent(new CustomEvent<MenuOpenDetail>(MENU_OPEN_EVENT, { detail: { source: menu } }));
    });
    menu.addEventListener('focusout', (event) => {
      const next = event.relatedTarget;
      if (menu.open && next instanceof Node && !menu.contains(next)) close(menu);
    });
  }

  document.addEventListener(MENU_OPEN_EVENT, (event) => {
    const source: unknown = event instanceof CustomEvent ? event.detail?.source : undefined;
    for (const menu of menus()) if (menu !== source && menu.open) close(menu);
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = menus().find((menu) => menu.open);
    if (!open) return;
    close(open);
    open.querySelector('summary')?.focus();
  });

  document.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof Node)) return;
    for (const menu of menus()) if (menu.open && !menu.contains(target)) close(menu);
  });
}
