import { describe, expect, it } from 'vitest';
import {
  copyDay,
  dayText,
  defaultWeek,
  fullWeek,
  nextRange,
  openDays,
  problemsByDay,
  problemsFromFormErrors,
  sortRanges,
  validateWeek,
} from './hours';

const week = (patch: Partial<ReturnType<typeof defaultWeek>> = {}) => ({ ...defaultWeek(), ...patch });

describe('opening hours rules (the contract’s, run in the browser)', () => {
  it('accepts split hours, touching ranges and closed days', () => {
    expect(
      validateWeek(
        week({
          MONDAY: [
            { open: '10:00', close: '12:30' },
            { open: '14:00', close: '19:00' },
          ],
          TUESDAY: [
            { open: '10:00', close: '13:00' },
            { open: '13:00', close: '18:00' },
          ],
          SUNDAY: [],
        }),
      ),
    ).toEqual({});
  });

  it('wants the closing time after the opening time, on that range', () => {
    const problems = validateWeek(
      week({
        WEDNESDAY: [
          { open: '10:00', close: '12:00' },
          { open: '18:00', close: '14:00' },
        ],
      }),
    );
    expect(Object.keys(problems)).toEqual(['WEDNESDAY']);
    expect(problems.WEDNESDAY?.ranges).toEqual({ 1: { close: 'Closing time must be after opening time' } });
    expect(validateWeek(week({ MONDAY: [{ open: '10:00', close: '10:00' }] })).MONDAY?.ranges[0]?.close).toBe(
      'Closing time must be after opening time',
    );
  });

  it('refuses overlapping ranges, in any order, naming the range overlapped', () => {
    const problems = validateWeek(
      week({
        FRIDAY: [
          { open: '14:00', close: '19:00' },
          { open: '10:00', close: '14:30' },
        ],
      }),
    );
    expect(problems.FRIDAY?.ranges).toEqual({ 0: { open: 'Overlaps 10:00–14:30' } });
    expect(
      validateWeek(
        week({
          FRIDAY: [
            { open: '10:00', close: '19:00' },
            { open: '12:00', close: '13:00' },
          ],
        }),
      ).FRIDAY?.ranges,
    ).toEqual({ 1: { open: 'Overlaps 10:00–19:00' } });
  });

  it('refuses a malformed time and more than three ranges a day', () => {
    expect(validateWeek(week({ MONDAY: [{ open: '9', close: '12:00' }] })).MONDAY?.ranges[0]?.open).toBe('Use 24-hour HH:MM');
    const four = ['08:00', '10:00', '12:00', '14:00'].map((open, i) => ({ open, close: `${String(9 + i * 2).padStart(2, '0')}:00` }));
    expect(validateWeek(week({ SATURDAY: four })).SATURDAY?.day).toBe('At most 3 opening ranges a day');
  });
});

describe('the API’s 400 details land on their weekday', () => {
  it('groups contract paths by day and range, keeps the rest apart', () => {
    const { byDay, other } = problemsByDay([
      { path: 'openingHours.MONDAY.1.open', message: 'Overlaps 10:00–13:00' },
      { path: 'openingHours.MONDAY.1.close', message: 'Closing time must be after opening time' },
      { path: 'openingHours.SUNDAY', message: 'At most 3 opening ranges a day' },
      { path: 'openingHours.FUNDAY.0.open', message: 'Unknown day' },
      { path: 'openingHours', message: 'Invalid input' },
    ]);
    expect(byDay).toEqual({
      MONDAY: { ranges: { 1: { open: 'Overlaps 10:00–13:00', close: 'Closing time must be after opening time' } } },
      SUNDAY: { day: 'At most 3 opening ranges a day', ranges: {} },
    });
    expect(other).toEqual(['Unknown day', 'Invalid input']);
  });

  it('reads react-hook-form’s nested errors, set by the resolver or from the API', () => {
    const errors = {
      TUESDAY: [undefined, { open: { type: 'server', message: 'Overlaps 09:00–12:00', ref: {} } }],
      SATURDAY: { root: { type: 'too_big', message: 'At most 3 opening ranges a day' } },
    };
    expect(problemsFromFormErrors(errors)).toEqual({
      TUESDAY: { ranges: { 1: { open: 'Overlaps 09:00–12:00' } } },
      SATURDAY: { day: 'At most 3 opening ranges a day', ranges: {} },
    });
    expect(problemsFromFormErrors(undefined)).toEqual({});
  });
});

describe('editing a day', () => {
  it('proposes the next range an hour after the last closing, never past midnight, at most three', () => {
    expect(nextRange([])).toEqual({ open: '10:00', close: '19:00' });
    expect(nextRange([{ open: '10:00', close: '12:30' }])).toEqual({ open: '13:30', close: '17:30' });
    expect(nextRange([{ open: '18:00', close: '21:00' }])).toEqual({ open: '22:00', close: '23:59' });
    expect(nextRange([{ open: '18:00', close: '23:30' }])).toBeNull();
    expect(
      nextRange([
        { open: '08:00', close: '09:00' },
        { open: '10:00', close: '11:00' },
        { open: '12:00', close: '13:00' },
      ]),
    ).toBeNull();
  });

  it('sorts, copies and summarises days as the site shows them', () => {
    const split = [
      { open: '14:00', close: '19:00' },
      { open: '10:00', close: '12:30' },
    ];
    expect(sortRanges(split).map((r) => r.open)).toEqual(['10:00', '14:00']);
    expect(dayText(split)).toBe('10:00–12:30, 14:00–19:00');
    expect(dayText([])).toBe('Closed');
    const copied = copyDay(week({ MONDAY: split }), 'MONDAY', ['TUESDAY', 'FRIDAY']);
    expect(copied.TUESDAY).toEqual(split);
    expect(copied.TUESDAY).not.toBe(copied.MONDAY);
    expect(copied.THURSDAY).toEqual([{ open: '10:00', close: '19:00' }]);
    expect(openDays(defaultWeek())).toBe(6);
    expect(fullWeek({ MONDAY: split }).SUNDAY).toEqual([]);
  });
});
