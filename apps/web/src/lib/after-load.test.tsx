import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useIsAfterLoad } from './after-load';

function Probe() {
  return <p>{useIsAfterLoad() ? 'settled' : 'loading'}</p>;
}

describe('useIsAfterLoad', () => {
  it('turns true once the loaded page has been idle, and stays true', () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    render(<Probe />);
    expect(screen.getByText('loading')).toBeTruthy();
    // jsdom's document is complete: the hook waits for one idle period.
    expect(idle).toHaveLength(1);
    act(() => idle[0]!());
    expect(screen.getByText('settled')).toBeTruthy();
  });
});
