import { useEffect, useState } from 'react';

/** Chromium's install offer (not in the DOM typings: Chrome, Edge and Samsung Internet only). */
interface TBeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

/**
 * Whether the recorder runs installed (display-mode: standalone, or iOS's home-screen flag), and
 * the browser's install offer when it makes one (beforeinstallprompt): install() shows its dialog.
 */
export function useInstallPrompt(): { installed: boolean; install: (() => Promise<void>) | null } {
  const [installed, setInstalled] = useState(standalone);
  const [offer, setOffer] = useState<TBeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    const onOffer = (e: Event) => {
      // Kept for the button: the browser's own mini bar is not shown.
      e.preventDefault();
      setOffer(e as TBeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setOffer(null);
      setInstalled(true);
    };
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  const install = offer
    ? async () => {
        await offer.prompt();
        const { outcome } = await offer.userChoice;
        // An offer is used once; a dismissed one may come back with a new event.
        setOffer(null);
        if (outcome === 'accepted') setInstalled(true);
      }
    : null;
  return { installed, install };
}
