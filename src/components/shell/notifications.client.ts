/**
 * The shop's notices (Notifications.astro; DESIGN.md §3 replaces the spec's alert()s): whatever `$notice`
 * holds is written into the live region of its tone, so screen readers announce it: role=status for news,
 * role=alert for problems. Good news goes after a while (not while pointed at or focused); problems stay
 * until dismissed. A notice carried to this page (account created → sign-in) shows on arrival.
 */
import { $notice, dismissNotice, restoreNotice, type Notice } from '../../features/notify/index.ts';

const STATUS_VISIBLE_MS = 10_000;

export function initNotifications(): void {
  const card = document.querySelector<HTMLElement>('[data-notice]');
  const regions = {
    status: document.querySelector<HTMLElement>('[data-notice-status]'),
    alert: document.querySelector<HTMLElement>('[data-notice-alert]'),
  };
  const dismiss = document.querySelector<HTMLButtonElement>('[data-notice-dismiss]');
  if (!card || !regions.status || !regions.alert || !dismiss) return;

  let held = false;
  let timer: number | undefined;
  const schedule = (notice: Notice | null) => {
    window.clearTimeout(timer);
    if (!notice || notice.tone !== 'status' || held) return;
    timer = window.setTimeout(() => {
      if ($notice.get()?.id === notice.id) dismissNotice();
    }, STATUS_VISIBLE_MS);
  };
  const hold = (on: boolean) => () => {
    held = on;
    schedule($notice.get());
  };
  card.addEventListener('mouseenter', hold(true));
  card.addEventListener('mouseleave', hold(false));
  card.addEventListener('focusin', hold(true));
  card.addEventListener('focusout', hold(false));
  dismiss.addEventListener('click', dismissNotice);

  $notice.subscribe((notice) => {
    card.className = notice ? `notice notice--${notice.tone}` : 'notice notice--none';
    for (const [tone, region] of Object.entries(regions)) {
      // A new paragraph each time, so the same text twice is announced twice.
      region?.replaceChildren();
      if (notice?.tone === tone)
        region?.append(Object.assign(document.createElement('p'), { textContent: notice.text }));
    }
    dismiss.hidden = !notice;
    schedule(notice);
  });
  restoreNotice();
}
