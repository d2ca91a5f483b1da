import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('render failed');
}

describe('rendering failure', () => {
  it('shows the 500 screen with the exact texts, buttons and help links', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Something went wrong');
    expect(screen.getByText('We encountered an unexpected error. Please try reloading the page or go back to the homepage.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/support');
    expect(screen.getByRole('link', { name: 'Browse Collections' }).getAttribute('href')).toBe('/collections');
  });

  it('renders the children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>All is well</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All is well')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
