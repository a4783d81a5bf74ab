/**
 * Behaviour the header's `<details>` menus lack natively: Escape closes the open menu and returns focus
 * to its toggle; a click outside or focus moving out closes it. Browsers without `<details name>` get the
 * exclusivity here too. Other header widgets (the account island) take part through one document event:
 * whoever opens dispatches `shell:menu-open`, and everyone else closes.
 *
 * A menu can hold another. Its own `<details>` content, and the panel its toggle names (`aria-controls`)
 * while the menu is rendered: on phones the burger's panel is the main menu, so its menus are sub-menus
 * of the burger. Opening one leaves the burger open, and they behave like an accordion inside it (they
 * close when another opens, when toggled or on Escape, not when the click or focus goes elsewhere in
 * the burger). From 900px the burger is not rendered, and the same menus are the top level.
 */
export const MENU_OPEN_EVENT = 'shell:menu-open';

export interface MenuOpenDetail {
  /** The element that opened, so it does not close itself (nor the menus it is inside). */
  source: Element;
}

const menus = (): HTMLDetailsElement[] => [
  ...document.querySelectorAll<HTMLDetailsElement>('details[data-menu]'),
];

const close = (menu: HTMLDetailsElement): void => {
  menu.open = false;
};

/** Whether the element has a box at this width (the burger is `display: none` from 900px). */
const rendered = (element: Element): boolean => element.getClientRects().length > 0;

/** The panel a menu's toggle names, when its content lies outside the `<details>` (the burger's). */
function panelOf(menu: Element): HTMLElement | null {
  const id = menu.querySelector(':scope > summary')?.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

/** Whether `node` is part of `menu`: inside it, or inside the panel it shows at this width. */
function holds(menu: Element, node: Node): boolean {
  if (menu.contains(node)) return true;
  const panel = panelOf(menu);
  return panel !== null && rendered(menu) && panel.contains(node);
}

/**
 * Whether focus on `node` is still within `menu`: part of it, or between its toggle and its panel. The
 * burger's panel opens below the whole header, so the header's other controls come between the two,
 * on screen as in the tab order; a keyboard passing them on its way to the panel keeps the burger open.
 */
function reaches(menu: Element, node: Node): boolean {
  if (holds(menu, node)) return true;
  const panel = panelOf(menu);
  if (panel === null || !rendered(menu)) return false;
  const after = menu.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
  const before = panel.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING;
  return after !== 0 && before !== 0;
}

/** Sub-menus are left to the menu holding them: a click or focus outside closes the outer one. */
const isSubMenu = (menu: HTMLDetailsElement, all: HTMLDetailsElement[]): boolean =>
  all.some((other) => other !== menu && holds(other, menu));

/** The open menu the shopper sees that holds no other open one: what Escape closes first. */
function innermostOpen(): HTMLDetailsElement | undefined {
  const open = menus().filter((menu) => menu.open && rendered(menu));
  return open.find((menu) => !open.some((other) => other !== menu && holds(menu, other)));
}

export function initMenus(): void {
  for (const menu of menus()) {
    menu.addEventListener('toggle', () => {
      if (!menu.open) return;
      document.dispatchEvent(new CustomEvent<MenuOpenDetail>(MENU_OPEN_EVENT, { detail: { source: menu } }));
    });
  }

  // Opening closes the rest, except the menus the opened one is inside (the burger, for a menu in its
  // panel) and those inside it (so the burger reopens as it was left).
  document.addEventListener(MENU_OPEN_EVENT, (event) => {
    const source: unknown = event instanceof CustomEvent ? event.detail?.source : undefined;
    for (const menu of menus()) {
      if (!menu.open || menu === source) continue;
      if (source instanceof Element && (holds(menu, source) || holds(source, menu))) continue;
      close(menu);
    }
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = innermostOpen();
    if (!open) return;
    close(open);
    open.querySelector('summary')?.focus();
  });

  document.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof Node)) return;
    const all = menus();
    for (const menu of all) {
      if (menu.open && !isSubMenu(menu, all) && !holds(menu, target)) close(menu);
    }
  });

  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!(target instanceof Node)) return;
    const all = menus();
    for (const menu of all) {
      if (menu.open && !isSubMenu(menu, all) && !reaches(menu, target)) close(menu);
    }
  });
}
