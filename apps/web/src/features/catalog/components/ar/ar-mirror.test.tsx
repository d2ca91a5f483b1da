import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Graphics } from '../turntable/graphics';
import { ArMirror } from './ar-mirror';

// jsdom has neither WebGL nor MediaPipe: the ring's scene and the hand tracker are stand-ins (never resolving
// the tracker: no frame arrives), so what is tested is the mirror's own handling of the camera.
const createArScene = vi.hoisted(() =>
  vi.fn((_canvas: HTMLCanvasElement, _drawing: { pixelRatio: number; antialias: boolean }) => ({
    load: () => Promise.resolve(),
    setSize: vi.fn(),
    draw: vi.fn(),
    resize: vi.fn(),
    snapshot: () => document.createElement('canvas'),
    dispose: vi.fn(),
  })),
);
vi.mock('./ar-scene', () => ({ createArScene }));
vi.mock('./hand-tracker', () => ({ createHandTracker: () => new Promise(() => undefined) }));

type Constraints = { video: { facingMode: string } };

/** A camera stream whose one track records being stopped. */
function stream() {
  const track = { stop: vi.fn(), kind: 'video' };
  return { track, stream: { getTracks: () => [track] } as unknown as MediaStream };
}

/** The browser's cameras: `count` video inputs (and a microphone, which is no camera). */
function cameras(count: number) {
  const streams: ReturnType<typeof stream>[] = [];
  const getUserMedia = vi.fn((_constraints: Constraints) => {
    const s = stream();
    streams.push(s);
    return Promise.resolve(s.stream);
  });
  const devices = [
    ...Array.from({ length: count }, (_, i) => ({ kind: 'videoinput', deviceId: `camera-${i}`, label: '', groupId: '' })),
    { kind: 'audioinput', deviceId: 'microphone', label: '', groupId: '' },
  ];
  const enumerateDevices = vi.fn(() => Promise.resolve(devices));
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia, enumerateDevices } });
  return { getUserMedia, enumerateDevices, streams, facingModes: () => getUserMedia.mock.calls.map(([c]) => c.video.facingMode) };
}

function renderMirror(onCameraError = vi.fn(), graphics: Graphics = 'hardware') {
  render(
    <MemoryRouter>
      <ArMirror
        productId="ring-1"
        name="Aube de Givre"
        metal="PLATINUM"
        backTo="/products/ring-1"
        graphics={graphics}
        onCameraError={onCameraError}
      />
    </MemoryRouter>,
  );
  return { onCameraError };
}

describe('ArMirror, switching the camera', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  });

  it('with two cameras, asks for the rear one, then the front one again, closing the one it leaves', async () => {
    const camera = cameras(2);
    const { onCameraError } = renderMirror();
    const toRear = await screen.findByRole('button', { name: 'Use the rear camera' });
    expect(camera.facingModes()).toEqual(['user']);

    await userEvent.click(toRear);
    const toFront = await screen.findByRole('button', { name: 'Use the front camera' });
    await waitFor(() => expect(camera.facingModes()).toEqual(['user', 'environment']));
    expect(camera.streams[0]!.track.stop, 'the front camera is closed').toHaveBeenCalled();
    expect(camera.streams[1]!.track.stop).not.toHaveBeenCalled();

    await userEvent.click(toFront);
    await screen.findByRole('button', { name: 'Use the rear camera' });
    await waitFor(() => expect(camera.facingModes()).toEqual(['user', 'environment', 'user']));
    expect(camera.streams[1]!.track.stop, 'the rear camera is closed').toHaveBeenCalled();
    expect(onCameraError).not.toHaveBeenCalled();
  });

  it('draws the ring at the screen’s sharpness with multisampling on a GPU, at ¾ without it in software', async () => {
    cameras(1);
    renderMirror(vi.fn(), 'hardware');
    await waitFor(() => expect(createArScene).toHaveBeenCalledTimes(1));
    expect(createArScene.mock.calls[0]![1]).toEqual({ pixelRatio: 1, antialias: true });
    cleanup();
    createArScene.mockClear();
    renderMirror(vi.fn(), 'software');
    await waitFor(() => expect(createArScene).toHaveBeenCalledTimes(1));
    expect(createArScene.mock.calls[0]![1]).toEqual({ pixelRatio: 0.75, antialias: false });
  });

  it('with one camera, offers no switch', async () => {
    const camera = cameras(1);
    renderMirror();
    await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalledTimes(1));
    // The devices are listed once the camera plays: the switch would show then.
    await waitFor(() => expect(camera.enumerateDevices).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Use the (rear|front) camera/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeTruthy();
  });
});
