import { useEffect, useRef } from 'react';
import { env } from '../../config/env';

interface Turnstile {
  render: (element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void }) => string;
  remove: (id: string) => void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let loading: Promise<void> | null = null;

function loadScript(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error('The captcha could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

export const isCaptchaEnabled = (): boolean => env.captchaSiteKey !== null;

/** The captcha widget, only when a site key is configured; reports its token (null when expired). */
export function Captcha({ onToken }: { onToken: (token: string | null) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const siteKey = env.captchaSiteKey;
    if (!siteKey || !ref.current) return;
    let id: string | null = null;
    let isCancelled = false;
    loadScript()
      .then(() => {
        if (isCancelled || !ref.current || !window.turnstile) return;
        id = window.turnstile.render(ref.current, { sitekey: siteKey, callback: onToken, 'expired-callback': () => onToken(null) });
      })
      .catch(() => onToken(null));
    return () => {
      isCancelled = true;
      if (id && window.turnstile) window.turnstile.remove(id);
    };
  }, [onToken]);
  if (!env.captchaSiteKey) return null;
  return <div ref={ref} data-testid="captcha" />;
}
