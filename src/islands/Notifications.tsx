/**
 * The shop's notices (DESIGN.md §3 replaces the spec's alert()s): one at a time, with the spec's exact
 * texts, non-blocking and fixed over the page (no layout shift). Both live regions are in the server's
 * markup from the start, so screen readers announce what is put into them: role=status for news,
 * role=alert for problems. Good news goes after a while (not while pointed at or focused); problems stay
 * until dismissed. A notice left by the previous page (account created → sign-in) is shown on arrival.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $notice, dismissNotice, restoreNotice } from '../features/notify/store.ts';
import { strings } from '../strings.ts';
import './notifications.css';

const STATUS_VISIBLE_MS = 10_000;

export default function Notifications() {
  const notice = useStore($notice);
  const [held, setHeld] = useState(false);

  useEffect(() => restoreNotice(), []);

  useEffect(() => {
    if (!notice || notice.tone !== 'status' || held) return;
    const timer = window.setTimeout(() => {
      if ($notice.get()?.id === notice.id) dismissNotice();
    }, STATUS_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [notice, held]);

  const tone = notice?.tone;
  return (
    <div className="notifications" aria-label={strings.shopper.notifications} role="region">
      <div
        className={notice ? `notice notice--${notice.tone}` : 'notice notice--none'}
        onMouseEnter={() => setHeld(true)}
        onMouseLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
      >
        {/* The live regions hold the message only, so the dismiss button is not read out with it. */}
        <div role="status" className="notice__text">
          {tone === 'status' && <p key={notice?.id}>{notice?.text}</p>}
        </div>
        <div role="alert" className="notice__text">
          {tone === 'alert' && <p key={notice?.id}>{notice?.text}</p>}
        </div>
        {notice && (
          <button type="button" className="notice__dismiss" onClick={dismissNotice}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{strings.shopper.dismiss}</span>
          </button>
        )}
      </div>
    </div>
  );
}
