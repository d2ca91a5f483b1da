import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticateBodySchema, RegisterUserBodySchema, safeNextPath, type TokenPair } from '@mirror/contract';
import { Public } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import type { AuthService } from './auth.service';
import type { UsersService } from '../users/users.service';

/**
 * Sign-in and registration as plain HTML forms (decision 0121). The server-rendered pages post their
 * form here (`method="post"`, never a GET: nothing typed reaches a URL) when the app has not started yet,
 * or never will (no JavaScript). The same services as the API's calls answer; the outcome is a page:
 * - sign-in: the session handed to the browser as the app keeps it (the token pair in localStorage,
 *   written by /session-handover.js), then the page it came for; a failure goes back to the form with a
 *   code the page words (`?error=`), never the text or what was typed;
 * - registration: "check your inbox" (`?sent=1`), or back to the form with the fields to correct.
 */

const LOGIN_PATH = '/auth/login';
const REGISTER_PATH = '/auth/register';
const FORM_BODY_LIMIT = 16_384;

function formPath(path: string, next: string | undefined, params: Record<string, string>): string {
  const search = new URLSearchParams(params);
  if (next !== undefined) search.set('next', safeNextPath(next));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * A form posted from another site is refused (login CSRF: signing a visitor into someone else's account).
 * Browsers say where a form comes from in `Sec-Fetch-Site`; those that do not, in `Origin` (this site answers
 * with `Referrer-Policy: no-referrer`, under which a browser sends `Origin: null` on a form post: only the
 * fetch metadata can then tell). Neither proving this site: refused.
 */
function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The session handed over: the page's only script (same origin, as the CSP asks) stores the pair where the
 * app keeps it and replaces this page by `next`. The pair travels in this answer's body only (never
 * stored by a cache, never in a URL): the OAuth "form post" response mode does the same.
 */
export function handoverPage(pair: TokenPair, next: string): string {
  // `<` escaped: the JSON cannot close its script element.
  const data = JSON.stringify({ accessToken: pair.accessToken, refreshToken: pair.refreshToken, next }).replace(/</g, '\\u003c');
  const href = escapeHtml(next);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Signed in · Mirror</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#FAF8F4;color:#111;font:16px/1.6 system-ui,sans-serif;text-align:center;padding:24px}a{color:#111}</style>
<script type="application/json" id="session-handover">${data}</script>
<script src="/session-handover.js"></script>
</head>
<body>
<main>
<h1 style="font-weight:400">You are signed in</h1>
<noscript><p>Your account pages need JavaScript: turn it on, then continue.</p></noscript>
<p><a href="${href}">Continue</a></p>
</main>
</body>
</html>`;
}

const string = (value: unknown) => (typeof value === 'string' ? value : undefined);

function loginErrorCode(error: unknown): string {
  if (!(error instanceof AppError)) return 'unavailable';
  if (error.code === 'INVALID_CREDENTIALS') return 'credentials';
  if (error.code === 'LOGIN_THROTTLED') return 'throttled';
  if (error.code === 'UNAUTHORIZED') return 'inactive';
  return 'unavailable';
}

export const authFormsRoutes: FastifyPluginAsync<{ auth: AuthService; users: UsersService }> = async (app, { auth, users }) => {
  // Encapsulated: only these two routes read an urlencoded body.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    },
  );

  const refuseCrossSite = (reply: FastifyReply) =>
    reply
      .code(403)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('This form can only be sent from this site.');

  /**
   * One form's route: same-site posts only, counted like the API's sign-in and registration (the global limiter counts
   * /api calls only); `back` answers 303 to the form's page with these query values (and the `next` it was sent with).
   */
  const formRoute = (
    path: string,
    handle: (
      form: Record<string, unknown>,
      next: string | undefined,
      back: (params: Record<string, string>) => FastifyReply,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<FastifyReply>,
  ) =>
    app.post(path, {
      config: { policy: Public, rateLimit: { max: 20, timeWindow: '1 minute', allowList: [] } },
      schema: { hide: true },
      handler: async (request, reply) => {
        if (!isSameOrigin(request)) return refuseCrossSite(reply);
        const next = string((request.query as Record<string, unknown>).next);
        const back = (params: Record<string, string>) =>
          reply
            .code(303)
            .header('cache-control', 'no-store')
            .redirect(formPath(path, next, params));
        return handle((request.body ?? {}) as Record<string, unknown>, next, back, request, reply);
      },
    });

  formRoute(LOGIN_PATH, async (form, next, back, request, reply) => {
    const body = AuthenticateBodySchema.safeParse({ username: string(form.username) ?? '', password: string(form.password) ?? '' });
    if (!body.success) return back({ error: 'missing' });
    let pair: TokenPair;
    try {
      pair = await auth.authenticate({ body: body.data, ip: request.ip });
    } catch (error) {
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'form sign-in failed');
      return back({ error: loginErrorCode(error) });
    }
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(handoverPage(pair, safeNextPath(next)));
  });

  formRoute(REGISTER_PATH, async (form, next, back, request) => {
    // Optional fields left empty are not sent (as the app's form does).
    const fields = Object.fromEntries(
      ['username', 'email', 'password', 'firstName', 'lastName', 'phone'].flatMap((key) => {
        const value = string(form[key]);
        return value === undefined || value.trim() === '' ? [] : [[key, value]];
      }),
    );
    const body = RegisterUserBodySchema.safeParse(fields);
    if (!body.success) {
      const paths = [...new Set(body.error.issues.map((issue) => String(issue.path[0] ?? '')).filter(Boolean))];
      return back({ error: 'invalid', fields: paths.join(',') });
    }
    try {
      await users.register(body.data, { ip: request.ip });
    } catch (error) {
      if (!(error instanceof AppError)) {
        request.log.error({ err: error }, 'form registration failed');
        return back({ error: 'unavailable' });
      }
      if (error.code === 'USERNAME_TAKEN') return back({ error: 'taken', fields: 'username' });
      if (error.status === 429) return back({ error: 'throttled' });
      const paths = (error.details ?? []).map((detail) => detail.path.split('.')[0]).filter(Boolean);
      return back(paths.length ? { error: 'invalid', fields: [...new Set(paths)].join(',') } : { error: 'unavailable' });
    }
    return back({ sent: '1' });
  });
};
