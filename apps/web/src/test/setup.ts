import { afterEach } from 'vitest';

// Component tests (jsdom): unmount what a test rendered and forget what it stored. Logic tests run in
// Node, where there is neither.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
}
