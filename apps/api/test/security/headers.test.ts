import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JEWELRY_WEEK_UPLOAD_FOLDER } from '@mirror/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { stopAfterAll, type Session, type TestApp } from '../helpers';
import { buildSecurityApp } from './world';

// Issue 14: security headers on every kind of answer — the storefront's HTML, static assets, API JSON,
// API errors, uploaded files, the API reference — and no x-powered-by. HSTS: one year with subdomains,
// not preloaded (the house's domains may still carry plain-HTTP services; preload is a one-way door).

let t: TestApp;
let customer: Session;
let webDist: string;
let fileUrl: string;

const stopLater = stopAfterAll();
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'mirror-headers-'));
  stopLater(() => rmSync(webDist, { recursive: true, force: true }));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Mirror</title><script type="module" ' +
      'src="/assets/app-a1.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app-a1.js'), 'console.log("mirror")');
  t = await buildSecurityApp({ WEB_DIST: webDist });
  stopLater(() => t.close());
  customer = await t.loginAs('CUSTOMER');
  const form = new FormData();
  form.append('folderPath', JEWELRY_WEEK_UPLOAD_FOLDER);
  form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n')], { type: 'application/pdf' }), 'brief.pdf');
  const upload = await fetch(`${t.baseUrl}/api/files/upload`, { method: 'POST', body: form });
  expect(upload.status).toBe(201);
  fileUrl = ((await upload.json()) as { url: string }).url;
});

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(' ') + 1)] as [string, string]),
  );
}

interface Answer {
  name: string;
  path: string;
  init?: RequestInit;
  status: number;
  contentType: RegExp;
}

describe('security headers', () => {
  const answers = (): Answer[] => [
    { name: 'the home page', path: '/', status: 200, contentType: /text\/html/ },
    { name: 'a storefront route (SPA fallback)', path: '/collections/nuit-blanche', status: 200, contentType: /text\/html/ },
    { name: 'a static asset', path: '/assets/app-a1.js', status: 200, contentType: /javascript/ },
    { name: 'an API list', path: '/api/products', status: 200, contentType: /application\/json/ },
    {
      name: 'an API answer for a signed-in user',
      path: '/api/users/me',
      init: { headers: { authorization: `Bearer ${customer.accessToken}` } },
      status: 200,
      contentType: /application\/json/,
    },
    { name: 'an API 401', path: '/api/orders', status: 401, contentType: /application\/json/ },
    { name: 'an API 404', path: '/api/nothing-here', status: 404, contentType: /application\/json/ },
    { name: 'an API 405', path: '/api/orders/statistics', init: { method: 'DELETE' }, status: 405, contentType: /application\/json/ },
    { name: 'an API 400', path: '/api/products?size=0', status: 400, contentType: /application\/json/ },
    { name: 'the OpenAPI document', path: '/api/openapi.json', status: 200, contentType: /application\/json/ },
    { name: 'the API reference page', path: '/api/docs/static/index.html', status: 200, contentType: /text\/html/ },
  ];

  it('every answer carries CSP (no inline script, no framing), nosniff, a frame guard, no-referrer, HSTS and no x-powered-by', async () => {
    const wrong: string[] = [];
    const all = [...answers(), { name: 'an uploaded file', path: fileUrl, status: 200, contentType: /application\/pdf/ }];
    for (const a of all) {
      const res = await fetch(t.baseUrl + a.path, a.init);
      await res.arrayBuffer();
      const h = res.headers;
      const csp = directives(h.get('content-security-policy'));
      const problems = [
        res.status !== a.status && `status ${res.status}`,
        !a.contentType.test(h.get('content-type') ?? '') && `content-type ${h.get('content-type')}`,
        h.get('x-content-type-options') !== 'nosniff' && 'nosniff',
        !/^(DENY|SAMEORIGIN)$/.test(h.get('x-frame-options') ?? '') && `x-frame-options ${h.get('x-frame-options')}`,
        h.get('referrer-policy') !== 'no-referrer' && `referrer-policy ${h.get('referrer-policy')}`,
        h.get('strict-transport-security') !== 'max-age=31536000; includeSubDomains' && `hsts ${h.get('strict-transport-security')}`,
        h.has('x-powered-by') && 'x-powered-by',
        !csp.size && 'no CSP',
        csp.size && csp.get('default-src') !== "'self'" && csp.get('default-src') !== "'none'" && `default-src ${csp.get('default-src')}`,
        // 'wasm-unsafe-eval' (the turntable's WebAssembly decoder) is not 'unsafe-eval': no string of JS is ever run.
        csp.size && /'unsafe-inline'|'unsafe-eval'|\*|data:/.test(csp.get('script-src') ?? '') && `script-src ${csp.get('script-src')}`,
        csp.size && a.path !== fileUrl && csp.get('frame-ancestors') !== "'none'" && `frame-ancestors ${csp.get('frame-ancestors')}`,
        csp.size && a.path !== fileUrl && csp.get('object-src') !== "'none'" && `object-src ${csp.get('object-src')}`,
        h.get('cross-origin-opener-policy') !== 'same-origin' && `coop ${h.get('cross-origin-opener-policy')}`,
      ].filter(Boolean);
      if (problems.length) wrong.push(`${a.name} (${a.path}): ${problems.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('an uploaded file is served sandboxed, never rendered as a page of ours', async () => {
    const res = await fetch(t.baseUrl + fileUrl);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.has('sandbox')).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
  });

  it('answers a foreign origin without CORS permission, even with credentials', async () => {
    for (const [path, method] of [
      ['/api/users/me', 'GET'],
      ['/api/orders', 'OPTIONS'],
    ] as const) {
      const res = await fetch(t.baseUrl + path, {
        method,
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
          authorization: `Bearer ${customer.accessToken}`,
        },
      });
      await res.arrayBuffer();
      expect(res.headers.get('access-control-allow-origin'), `${method} ${path}`).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});
