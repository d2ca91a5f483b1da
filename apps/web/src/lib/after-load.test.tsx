import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The settled state is the module's (one page): each test takes a fresh copy.
async function freshHook(): Promise<(when?: string) => boolean> {
  vi.resetModules();
  return (await import('./after-load')).useIsAfterLoad;
}

let idle: Array<() => void> = [];
beforeEach(() => {
  idle = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
});

describe('useIsAfterLoad', () => {
  it('turns true once the loaded page has been idle, and stays true', async () => {
    const useIsAfterLoad = await freshHook();
    function Probe() {
      return <p>{useIsAfterLoad() ? 'settled' : 'loading'}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('loading')).toBeTruthy();
    // jsdom's document is complete: the hook waits for one idle period.
    expect(idle).toHaveLength(1);
    act(() => idle[0]!());
    expect(screen.getByText('settled')).toBeTruthy();
    // A component mounted after the page has settled turns true without waiting again.
    render(<Probe />);
    expect(screen.getAllByText('settled')).toHaveLength(2);
    expect(idle).toHaveLength(1);
  });

  it('renders the change in a transition (short tasks), not as a synchronous update', async () => {
    const useIsAfterLoad = await freshHook();
    // A transition that suspends keeps what is on screen; a synchronous update shows the boundary's fallback.
    // So the card's second view never turns a settled page into a long task of re-rendering every card at once.
    const never = new Promise<never>(() => undefined);
    function Suspends(): never {
      // React's way to suspend: throwing the promise it waits for.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw never;
    }
    function Card() {
      return useIsAfterLoad() ? <Suspends /> : <p>first view</p>;
    }
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Card />
      </Suspense>,
    );
    expect(screen.getByText('first view')).toBeTruthy();
    act(() => idle[0]!());
    expect(screen.queryByText('fallback')).toBeNull();
    expect(screen.getByText('first view')).toBeTruthy();
  });
});

describe('useIsAfterLoad on a long list', () => {
  it('settles the components a few a task, each task its own commit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const useIsAfterLoad = await freshHook();
      function Card({ n }: { n: number }) {
        return <p>{useIsAfterLoad() ? `settled ${n}` : `loading ${n}`}</p>;
      }
      render(
        <>
          {Array.from({ length: 20 }, (_, n) => (
            <Card key={n} n={n} />
          ))}
        </>,
      );
      act(() => idle[0]!());
      const settled = () => screen.queryAllByText(/^settled/).length;
      expect(settled()).toBe(8);
      act(() => {
        vi.advanceTimersToNextTimer();
      });
      expect(settled()).toBe(16);
      act(() => {
        vi.advanceTimersToNextTimer();
      });
      expect(settled()).toBe(20);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('useIsAfterLoad for one kind of device', () => {
  // A media query list whose answer the test sets, telling its listeners as a browser does.
  function deviceWith(matches: boolean) {
    const listeners = new Set<() => void>();
    const list = {
      matches,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    vi.stubGlobal('matchMedia', (query: string) => {
      expect(query).toBe('(hover: hover)');
      return list;
    });
    return {
      listeners,
      change(to: boolean) {
        list.matches = to;
        for (const listener of [...listeners]) listener();
      },
    };
  }

  it('never settles where the device does not match (a phone: no hover), and waits for nothing', async () => {
    deviceWith(false);
    const useIsAfterLoad = await freshHook();
    function Probe() {
      return <p>{useIsAfterLoad('(hover: hover)') ? 'second view' : 'first view only'}</p>;
    }
    render(<Probe />);
    // Not even waiting for the page to settle: nothing will be shown here.
    expect(idle).toHaveLength(0);
    expect(screen.getByText('first view only')).toBeTruthy();
  });

  it('settles once the page has settled where the device matches, or from when it comes to match', async () => {
    const device = deviceWith(false);
    const useIsAfterLoad = await freshHook();
    function Probe({ label }: { label: string }) {
      return <p>{useIsAfterLoad('(hover: hover)') ? `${label}: second view` : `${label}: first view only`}</p>;
    }
    render(<Probe label="card" />);
    expect(device.listeners.size).toBe(1);
    // A mouse plugged into the tablet: from now on the page may load what only a hover shows.
    act(() => device.change(true));
    expect(idle).toHaveLength(1);
    expect(screen.getByText('card: first view only')).toBeTruthy();
    act(() => idle[0]!());
    expect(screen.getByText('card: second view')).toBeTruthy();
    // A card mounted on a matching device after the page has settled shows it at once.
    render(<Probe label="later" />);
    expect(screen.getByText('later: second view')).toBeTruthy();
  });
});
