import { describe, expect, it } from 'vitest';
import { overallProgress } from './api/jewelry-week.mutations';
import { validateFiles } from './files';

const file = (name: string, size: number, type: string) => ({ name, size, type });

describe('validateFiles', () => {
  it('accepts one to five images or PDFs up to 25 MB', () => {
    expect(validateFiles([file('a.jpg', 1000, 'image/jpeg'), file('b.pdf', 2000, 'application/pdf')])).toBeNull();
  });

  it('explains what is wrong', () => {
    expect(validateFiles([])).toMatch(/at least one/);
    expect(validateFiles(Array.from({ length: 6 }, (_, i) => file(`${i}.png`, 10, 'image/png')))).toMatch(/At most 5/);
    expect(validateFiles([file('notes.docx', 10, 'application/msword')])).toMatch(/notes\.docx: only images/);
    expect(validateFiles([file('huge.png', 26 * 1024 * 1024, 'image/png')])).toMatch(/larger than 25 MB/);
  });
});

describe('overallProgress', () => {
  it('weights each file by its size', () => {
    expect(overallProgress([100, 300], 0, 50)).toBeCloseTo(50 / 400);
    expect(overallProgress([100, 300], 1, 150)).toBeCloseTo(250 / 400);
    expect(overallProgress([100, 300], 2, 0)).toBe(1);
  });
});
