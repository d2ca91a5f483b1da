import sharp from 'sharp';
import {
  JEWELRY_WEEK_UPLOAD_FOLDER,
  type OutboxPage,
  type SubmissionPage,
  type QueuedEmail,
  type Order as PlacedOrder,
  type CollectionItem,
  type Location,
  type Collection,
  type ComponentOptional,
  type Component,
} from '@mirror/contract';
import { catalogFactory } from '../catalog';
import { buildTestApp, type Session, type TestApp, type TestResponse } from '../helpers';

/** The brand inbox, the only address visitors' mail may go to (decisions §79). */
export const BRAND_INBOX = 'concierge@mirror.test';

/** The security files' app: the per-IP mail and upload limits raised, so hundreds of requests from 127.0.0.1 are not throttled. */
export function buildSecurityApp(env: Record<string, string> = {}, options?: Parameters<typeof buildTestApp>[1]): Promise<TestApp> {
  return buildTestApp(
    { BRAND_INBOX, EMAIL_RATE_LIMIT_MAX: '1000000', UPLOAD_ANON_RATE_LIMIT_MAX: '1000000', FILES_RATE_LIMIT_MAX: '1000000', ...env },
    options,
  );
}

/**
 * Two of every kind of party, each owning records, for the access matrix, the cross-owner probes, the
 * mass-assignment tries and the fuzz. "A" is the signed-in caller of the matrix; "B" owns what it probes.
 */
export interface World {
  admin: Session;
  customers: [Session, Session];
  vendors: [Session, Session];
  designers: [Session, Session];
  vendorIds: [string, string];
  vendorCodes: [string, string];
  designerIds: [string, string];
  designerCodes: [string, string];
  category: { id: string; name: string };
  component: { id: string; name: string };
  optional: { id: string; name: string };
  collection: { id: string; name: string };
  location: { id: string; city: string };
  /** Vendor A's and vendor B's pieces, live and draft; `bLive` is attributed to designer B. */
  products: { aLive: Product; aDraft: Product; bLive: Product; bDraft: Product };
  /** Customer 1 ordered vendor A's piece; customer 2 vendor B's. Each has one schedule item. */
  orders: { c1: Order; c2: Order };
  /** Designer A's and designer B's jewelry-week entries. */
  submissionIds: [string, string];
  outboxId: string;
  fileKey: string;
}

export interface Product {
  id: string;
  sku: string;
  stockQuantity: number;
  status: string;
}
export interface Order {
  id: string;
  number: string;
  scheduleId: string;
}

async function ok<T>(label: string, res: Promise<TestResponse<T>>, ...expected: number[]): Promise<T> {
  const r = await res;
  if (!expected.includes(r.status)) throw new Error(`${label}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const [admin, c1, c2, v1, v2, d1, d2] = await Promise.all([
    t.loginAs('ADMIN'),
    t.loginAs('CUSTOMER'),
    t.loginAs('CUSTOMER'),
    t.loginAs('VENDOR'),
    t.loginAs('VENDOR'),
    t.loginAs('DESIGNER'),
    t.loginAs('DESIGNER'),
  ]);
  const token = admin.accessToken;
  const f = catalogFactory(t, admin);
  const [va, vb] = [await f.vendor(v1.userId), await f.vendor(v2.userId)];
  const [da, db] = [await f.designer(d1.userId), await f.designer(d2.userId)];
  const category = await f.category('Rings of the matrix');
  const component = await ok(
    'component',
    t.request<Component>('/api/components', { token, body: { name: 'Clasp of the matrix', categoryId: category.id } }),
    201,
  );
  const optional = await ok(
    'optional',
    t.request<ComponentOptional>('/api/component-optionals', { token, body: { name: 'Lobster of the matrix', componentId: component.id } }),
    201,
  );
  const collection = await ok(
    'collection',
    t.request<Collection>('/api/collections', { token, body: { name: 'Matrix', year: 2025, season: 'WINTER' } }),
    201,
  );
  const location = await ok(
    'location',
    t.request<Location>('/api/locations', {
      token,
      body: {
        name: 'Mirror Kohlmarkt',
        type: 'BOUTIQUE',
        address: 'Kohlmarkt 3',
        postalCode: '1010',
        city: 'Vienna',
        country: 'Austria',
        countryCode: 'AT',
        latitude: 48.2086,
        longitude: 16.3676,
        timezone: 'Europe/Vienna',
        openingHours: { MONDAY: [{ open: '10:00', close: '18:00' }] },
        services: ['CLEANING'],
        isAppointmentBookable: true,
      },
    }),
    201,
  );
  const piece = (vendorId: string, status: string, extra: Record<string, unknown> = {}) =>
    f.product({ vendorId, categoryId: category.id, status, stockQuantity: 10, price: 250_000, ...extra }) as Promise<Product>;
  const products = {
    aLive: await piece(va.id, 'ACTIVE'),
    aDraft: await piece(va.id, 'DRAFT'),
    bLive: await piece(vb.id, 'ACTIVE', { designerId: db.id }),
    bDraft: await piece(vb.id, 'DRAFT', { designerId: db.id }),
  };
  await ok(
    'collection member',
    t.request<CollectionItem[]>(`/api/collections/${collection.id}/products`, { token, body: { productId: products.bLive.id } }),
    201,
  );
  const order = async (customer: Session, productId: string): Promise<Order> => {
    const o = await ok(
      'order',
      t.request<PlacedOrder>('/api/orders', { token: customer.accessToken, body: { lines: [{ productId, quantity: 1 }] } }),
      201,
    );
    return { id: o.id, number: o.number, scheduleId: o.schedule[0]!.id };
  };
  const orders = { c1: await order(c1, products.aLive.id), c2: await order(c2, products.bLive.id) };

  // An uploaded file.
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 190, g: 160, b: 120 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('folderPath', JEWELRY_WEEK_UPLOAD_FOLDER);
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'ring.png');
  const upload = await fetch(`${t.baseUrl}/api/files/upload`, { method: 'POST', body: form });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const file = (await upload.json()) as { key: string; url: string };
  // A jewelry-week entry sent with each designer's address (what `submissions/mine` matches).
  for (const [i, d] of [d1, d2].entries()) {
    await ok(
      'submission',
      t.request<QueuedEmail>('/api/notifications/email', {
        body: {
          emailType: 'JEWELRY_WEEK_SUBMISSION',
          recipients: [BRAND_INBOX],
          model: {
            name: `Designer ${'AB'[i]}`,
            email: `${d.username}@example.com`,
            country: 'Italy',
            collectionTitle: `Tides ${'AB'[i]}`,
            message: 'Rings cast from the sand.',
            files: [{ url: file.url }],
          },
        },
      }),
      202,
    );
  }
  const submissions = (await ok('submissions', t.request<SubmissionPage>('/api/submissions?size=10&sort=createdAt,asc', { token }), 200))
    .content;
  const outbox = (await ok('outbox', t.request<OutboxPage>('/api/notifications/outbox?size=1', { token }), 200)).content;
  const submissionOf = (d: Session) => submissions.find((x) => x.email === `${d.username}@example.com`)?.id;
  const submissionIds = [submissionOf(d1), submissionOf(d2)];
  if (!submissionIds[0] || !submissionIds[1] || !outbox[0])
    throw new Error(`world: no submissions or outbox email ${JSON.stringify(submissions)}`);

  return {
    admin,
    customers: [c1, c2],
    vendors: [v1, v2],
    designers: [d1, d2],
    vendorIds: [va.id, vb.id],
    vendorCodes: [va.code, vb.code],
    designerIds: [da.id, db.id],
    designerCodes: [da.code, db.code],
    category,
    component,
    optional,
    collection,
    location,
    products,
    orders,
    submissionIds: submissionIds as [string, string],
    outboxId: outbox[0].id,
    fileKey: file.key,
  };
}
