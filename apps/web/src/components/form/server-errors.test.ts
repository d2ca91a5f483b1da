import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors';
import { applyServerErrors } from './server-errors';

const FIELDS = ['username', 'email', 'password'] as const;

describe('server errors onto form fields', () => {
  it('attaches each detail to its field', () => {
    const setError = vi.fn();
    const error = new ApiError('Check the fields.', { status: 400, details: [{ path: 'email', message: 'Enter a valid email address' }] });
    expect(applyServerErrors(error, FIELDS, setError)).toBeNull();
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Enter a valid email address' }, { shouldFocus: true });
  });

  it('maps a 409 without details by its code', () => {
    const setError = vi.fn();
    const error = new ApiError('This username is already taken.', { status: 409, code: 'USERNAME_TAKEN' });
    expect(applyServerErrors(error, FIELDS, setError)).toBeNull();
    expect(setError).toHaveBeenCalledWith(
      'username',
      expect.objectContaining({ message: 'This username is already taken.' }),
      expect.anything(),
    );
  });

  it('returns the error text when nothing fits a field', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new ApiError('Too many requests.', { status: 429 }), FIELDS, setError)).toBe('Too many requests.');
    expect(applyServerErrors(new ApiError('Bad', { status: 400, details: [{ path: 'role', message: 'nope' }] }), FIELDS, setError)).toBe(
      'Bad',
    );
    expect(applyServerErrors(new TypeError(''), FIELDS, setError)).toBe('An error occurred');
    expect(setError).not.toHaveBeenCalled();
  });
});
