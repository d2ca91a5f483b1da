import { AppError } from './errors';

export interface CaptchaVerifier {
  readonly isEnabled: boolean;
  /** Throws CAPTCHA_FAILED (400) when the token is missing or rejected. */
  verify(token: string | undefined, remoteIp: string): Promise<void>;
}

interface Logger {
  warn(msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Cloudflare Turnstile siteverify; when no secret is configured the check is off (logged once, here). */
export function createTurnstileVerifier({
  secret,
  verifyUrl,
  log,
  timeoutMs = 5_000,
}: {
  secret: string | undefined;
  verifyUrl: string;
  log: Logger;
  timeoutMs?: number;
}): CaptchaVerifier {
  if (!secret) {
    log.warn('TURNSTILE_SECRET is not set: captcha checks on public forms are off');
    return { isEnabled: false, verify: async () => {} };
  }
  return {
    isEnabled: true,
    async verify(token, remoteIp) {
      if (!token)
        throw new AppError('CAPTCHA_FAILED', 'Please complete the captcha and try again.', [
          { path: 'captchaToken', message: 'This field is required' },
        ]);
      let outcome: { success?: unknown; 'error-codes'?: unknown };
      try {
        const res = await fetch(verifyUrl, {
          method: 'POST',
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
        outcome = (await res.json()) as typeof outcome;
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'captcha verification unavailable');
        throw new AppError('SERVICE_UNAVAILABLE', 'We could not verify the captcha just now. Please try again in a moment.');
      }
      if (outcome.success !== true) {
        throw new AppError('CAPTCHA_FAILED', 'The captcha was not accepted. Please try again.', [
          { path: 'captchaToken', message: 'Captcha verification failed' },
        ]);
      }
    },
  };
}
