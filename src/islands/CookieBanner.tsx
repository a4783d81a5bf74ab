/**
 * The cookie notice: says the site uses cookies, some essential, links to the privacy policy and offers
 * Accept, which hides it for good on this browser. It renders nothing on the server and until hydrated,
 * so a shopper who accepted never sees it flash; it is fixed to the bottom, so it shifts no layout.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $privacy, acceptCookies } from '../features/privacy/store.ts';

export interface CookieBannerProps {
  texts: { region: string; message: string; link: string; accept: string };
  privacyHref: string;
}

export default function CookieBanner({ texts, privacyHref }: CookieBannerProps) {
  const accepted = useStore($privacy);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  if (!hydrated || accepted) return null;
  return (
    <div className="cookie-banner" role="region" aria-label={texts.region}>
      <p className="cookie-banner__text">
        {texts.message} <a href={privacyHref}>{texts.link}</a>.
      </p>
      <button type="button" className="cookie-banner__accept" onClick={acceptCookies}>
        {texts.accept}
      </button>
    </div>
  );
}
