/**
 * The filters as a drawer on narrow screens: the toolbar's button opens them as a modal dialog, their own
 * buttons and Escape close them, and Tab stays inside while they are open (browse-tools.client.ts attaches
 * it).
 */
import type { ToolParts } from './browse-host.ts';

type DrawerParts = Pick<ToolParts, 'filters' | 'toggle' | 'close' | 'show'>;

/** Opens and closes the drawer from its buttons and keys; `opening` runs as it opens (the index loads). */
export function attachFiltersDrawer(parts: DrawerParts, opening: () => void): void {
  const { filters, toggle, close, show } = parts;
  toggle.addEventListener('click', () => openDrawer(parts, opening));
  close.addEventListener('click', () => closeDrawer(parts));
  show.addEventListener('click', () => closeDrawer(parts));
  filters.addEventListener('keydown', (event) => drawerKeys(parts, event));
}

function openDrawer(parts: DrawerParts, opening: () => void): void {
  const { filters, toggle, close } = parts;
  opening();
  filters.classList.add('is-open');
  filters.setAttribute('role', 'dialog');
  filters.setAttribute('aria-modal', 'true');
  toggle.setAttribute('aria-expanded', 'true');
  document.body.style.overflow = 'hidden';
  close.focus();
}

function closeDrawer(parts: DrawerParts): void {
  const { filters, toggle } = parts;
  if (!filters.classList.contains('is-open')) return;
  filters.classList.remove('is-open');
  filters.removeAttribute('role');
  filters.removeAttribute('aria-modal');
  toggle.setAttribute('aria-expanded', 'false');
  document.body.style.overflow = '';
  toggle.focus();
}

/** Escape closes the drawer; Tab stays inside it while it is open. */
function drawerKeys(parts: DrawerParts, event: KeyboardEvent): void {
  const { filters } = parts;
  if (!filters.classList.contains('is-open')) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    closeDrawer(parts);
    return;
  }
  if (event.key !== 'Tab') return;
  const focusable = [...filters.querySelectorAll<HTMLElement>('button, input:not(:disabled)')].filter(
    (element) => !element.closest('[hidden]'),
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}
