import type { Collection, Product } from '@mirror/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SalonScene } from './salon-scene';
import { Salon, type SalonRoom } from './salon';

// jsdom has no WebGL: the scene is a stand-in that records what the salon asks of it.
const scene = vi.hoisted(() => ({
  load: vi.fn((_cases: unknown, _pieces: unknown, onProgress: (f: number) => void) => {
    onProgress(1);
    return Promise.resolve();
  }),
  walk: vi.fn(),
  turn: vi.fn(),
  look: vi.fn(),
  focusCase: vi.fn(),
  focusPiece: vi.fn(),
  pick: vi.fn((): string | null => null),
  project: vi.fn(() => new Map()),
  view: vi.fn(() => ({ x: 0, y: 1.55, z: 0, yaw: 0, pitch: 0 })),
  stats: vi.fn(() => ({ calls: 0, triangles: 0, geometries: 0, textures: 0, programs: 0, frames: 0, pixelRatio: 1, antialias: true })),
  measure: vi.fn(),
  setPaused: vi.fn(),
  dispose: vi.fn(() => ({ geometries: 0, textures: 0 })),
}));
const createSalonScene = vi.hoisted(() => vi.fn(() => scene as unknown as SalonScene));
vi.mock('./salon-scene', () => ({ createSalonScene }));
vi.mock('../turntable/turntable-logic', async (original) => ({ ...(await original<object>()), readGraphics: () => 'hardware' }));

const RINGS = 'c0000000-0000-4000-8000-000000000001';
const NECKLACES = 'c0000000-0000-4000-8000-000000000002';

function piece(n: number, name: string, categoryId: string): Product {
  return {
    id: `a0000000-0000-4000-8000-00000000000${n}`,
    name,
    slug: name.toLowerCase().replace(/\W+/g, '-'),
    description: '',
    sku: `MIR-${n}`,
    vendorId: 'b0000000-0000-4000-8000-000000000001',
    designerId: null,
    categoryId,
    metalType: 'PLATINUM',
    gemstone: { type: 'DIAMOND', carat: 1, cut: 'ROUND', colour: 'D', clarity: 'VVS1' },
    currency: 'EUR',
    price: { amount: 2_450_000, currency: 'EUR' },
    priceRange: null,
    stockQuantity: 1,
    availability: 'IN_STOCK',
    isFeatured: true,
    status: 'ACTIVE',
    images: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    deletedAt: null,
  };
}

function collection(n: number, name: string): Collection {
  return {
    id: `d0000000-0000-4000-8000-00000000000${n}`,
    name,
    slug: name.toLowerCase(),
    description: '',
    year: 2026,
    season: 'SPRING',
    isFeatured: true,
    coverImage: { url: `/api/files/cover-${n}.webp`, variant: 'front', alt: name, width: 800, height: 1000, srcset: [] },
    productCount: 2,
    hero: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    deletedAt: null,
  };
}

const givre = collection(1, 'Aube de Givre');
const solaire = collection(2, 'Riviera Solaire');
const solitaire = piece(1, 'Givre Solitaire', RINGS);
const riviere = piece(2, 'Givre Rivière', NECKLACES);
const band = piece(3, 'Solaire Band', RINGS);
const ROOMS: SalonRoom[] = [
  { collection: givre, pieces: [solitaire, riviere] },
  { collection: solaire, pieces: [band] },
  { collection: collection(3, 'Empty'), pieces: [] },
];
const CATEGORIES = new Map([
  [RINGS, 'Rings'],
  [NECKLACES, 'Necklaces'],
]);

function renderSalon(rooms = ROOMS) {
  return render(
    <MemoryRouter>
      <Salon rooms={rooms} categoryNames={CATEGORIES} listId="showroom-list" />
    </MemoryRouter>,
  );
}

async function enter() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Enter the salon' }));
  await screen.findByRole('application', { name: 'The salon: glass cases of the featured collections' });
  await act(() => Promise.resolve());
  expect(screen.getByTestId('salon-stage').dataset.state).toBe('ready');
  return user;
}

beforeEach(() => {
  vi.clearAllMocks();
  // The panel takes the focus on the next frame.
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
});
afterEach(() => vi.unstubAllGlobals());

describe('the salon’s door', { timeout: 20_000 }, () => {
  it('shows each case’s cover and what stands inside, builds nothing before it is opened, and hides the cases’ controls', async () => {
    renderSalon();
    const door = await screen.findByTestId('salon-door');
    expect(within(door).getAllByTestId('salon-vitrine')).toHaveLength(2);
    expect(door.querySelectorAll('img')[0]!.getAttribute('src')).toBe('/api/files/cover-1.webp');
    // The door is the page's first screen: its first vitrine is fetched at once and first, the others as they come.
    const [first, second] = door.querySelectorAll('img');
    expect([first!.getAttribute('loading'), first!.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect(second!.getAttribute('loading')).toBe('lazy');
    expect(within(door).getByText('2 cases · 3 pieces')).toBeTruthy();
    expect(createSalonScene).not.toHaveBeenCalled();
    // Behind the closed door nothing can be reached by Tab: no case switcher, no markers.
    expect(screen.queryByRole('button', { name: 'Next case' })).toBeNull();
    expect(screen.queryAllByTestId('salon-marker').every((m) => m.closest('[hidden]'))).toBe(true);
  });

  it('opens on the visitor’s word: the scene loads the cases with pieces, in their order', async () => {
    renderSalon();
    await enter();
    expect(createSalonScene).toHaveBeenCalledTimes(1);
    // On a GPU (the probe's answer here): the screen's sharpness with multisampling (salonDrawing).
    expect(createSalonScene).toHaveBeenCalledWith(
      expect.any(HTMLCanvasElement),
      expect.objectContaining({ drawing: { pixelRatio: 1, antialias: true } }),
    );
    const [cases, pieces] = scene.load.mock.calls[0]! as unknown as [{ name: string }[], { id: string; caseIndex: number; url: string }[]];
    expect(cases.map((c) => c.name)).toEqual(['Aube de Givre', 'Riviera Solaire']);
    expect(pieces.map((p) => [p.id, p.caseIndex])).toEqual([
      [solitaire.id, 0],
      [riviere.id, 0],
      [band.id, 1],
    ]);
    expect(pieces[0]!.url).toBe(`/api/products/${solitaire.id}/model.glb`);
  });
});

describe('choosing a piece', { timeout: 20_000 }, () => {
  it('opens a piece from its marker: name, collection, price and its links; a ring offers Try on', async () => {
    renderSalon();
    const user = await enter();
    await user.click(screen.getByRole('button', { name: 'Givre Solitaire, Aube de Givre' }));
    const panel = await screen.findByRole('dialog', { name: 'Givre Solitaire' });
    expect(scene.focusPiece).toHaveBeenCalledWith(solitaire.id);
    expect(within(panel).getByText('Aube de Givre')).toBeTruthy();
    expect(within(panel).getByTestId('salon-price').textContent).toBe('€24,500');
    expect(within(panel).getByRole('link', { name: 'View piece' }).getAttribute('href')).toBe(`/products/${solitaire.id}`);
    expect(within(panel).getByRole('link', { name: '360°' }).getAttribute('href')).toBe(`/view-360?product=${solitaire.id}`);
    expect(within(panel).getByRole('link', { name: 'Try on' }).getAttribute('href')).toBe(`/ar/rings/${solitaire.id}`);
    expect(screen.getByRole('button', { name: 'Givre Solitaire, Aube de Givre' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers no Try on for a piece that is not a ring', async () => {
    renderSalon();
    const user = await enter();
    await user.click(screen.getByRole('button', { name: 'Givre Rivière, Aube de Givre' }));
    const panel = await screen.findByRole('dialog', { name: 'Givre Rivière' });
    expect(within(panel).queryByRole('link', { name: 'Try on' })).toBeNull();
  });

  it('closes on Escape, back to the case, the focus on the piece’s marker', async () => {
    renderSalon();
    const user = await enter();
    const marker = screen.getByRole('button', { name: 'Solaire Band, Riviera Solaire' });
    await user.click(marker);
    const panel = await screen.findByRole('dialog', { name: 'Solaire Band' });
    await vi.waitFor(() => expect(document.activeElement).toBe(panel));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(scene.focusCase).toHaveBeenLastCalledWith(1);
    expect(document.activeElement).toBe(marker);
    expect(screen.getByText('2 / 2')).toBeTruthy();
  });

  it('opens the piece straight ahead with Enter on the salon, and nothing when there is none', async () => {
    renderSalon();
    const user = await enter();
    const stage = screen.getByRole('application', { name: 'The salon: glass cases of the featured collections' });
    stage.focus();
    await user.keyboard('{Enter}');
    expect(scene.pick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    scene.pick.mockReturnValueOnce(riviere.id);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Givre Rivière' })).toBeTruthy();
  });
});

describe('moving through the salon', { timeout: 20_000 }, () => {
  it('walks and turns with the arrows and WASD, leaves other keys to the page', async () => {
    renderSalon();
    const user = await enter();
    screen.getByRole('application', { name: 'The salon: glass cases of the featured collections' }).focus();
    await user.keyboard('{ArrowUp}w{ArrowDown}ad{ArrowLeft}{ArrowRight}q');
    expect(scene.walk.mock.calls).toEqual([
      [1, 0],
      [1, 0],
      [-1, 0],
      [0, -1],
      [0, 1],
    ]);
    expect(scene.turn).toHaveBeenCalledTimes(2);
    expect(scene.turn.mock.calls[0]![0]).toBeGreaterThan(0);
    expect(scene.turn.mock.calls[1]![0]).toBeLessThan(0);
  });

  it('goes from case to case, round the room', async () => {
    renderSalon();
    const user = await enter();
    expect(screen.getByText('1 / 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next case' }));
    expect(scene.focusCase).toHaveBeenLastCalledWith(1);
    expect(screen.getByText('Riviera Solaire')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next case' }));
    expect(scene.focusCase).toHaveBeenLastCalledWith(0);
    await user.click(screen.getByRole('button', { name: 'Previous case' }));
    expect(scene.focusCase).toHaveBeenLastCalledWith(1);
    expect(screen.getByText('2 / 2')).toBeTruthy();
  });

  it('frees the scene when the visitor leaves', async () => {
    const { unmount } = renderSalon();
    await enter();
    unmount();
    expect(scene.dispose).toHaveBeenCalledTimes(1);
  });
});
