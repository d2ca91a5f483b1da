import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpeningHours } from '@mirror/contract';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { defaultWeek, problemsByDay, validateWeek } from '../hours';
import { HoursEditor } from './hours-editor';

/**
 * The editor with its week held like the form holds it, checked with the contract's rules on each
 * change. Times are set with change events (what a time picker fires); clicks go through user-event.
 */
function Harness({
  initial = defaultWeek(),
  serverDetails = [],
}: {
  initial?: OpeningHours;
  serverDetails?: { path: string; message: string }[];
}) {
  const [hours, setHours] = useState(initial);
  const [touched, setTouched] = useState(false);
  const problems = touched ? validateWeek(hours) : problemsByDay(serverDetails).byDay;
  return (
    <>
      <HoursEditor
        idPrefix="t"
        value={hours}
        onChange={(next) => {
          setHours(next);
          setTouched(true);
        }}
        problems={problems}
      />
      <output data-testid="week">{JSON.stringify(hours)}</output>
    </>
  );
}

const week = () => JSON.parse(screen.getByTestId('week').textContent) as OpeningHours;

describe('HoursEditor', () => {
  it('splits a day with a lunch break and closes another', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const monday = screen.getByRole('group', { name: 'Monday' });
    await user.click(within(monday).getByRole('button', { name: 'Add hours on Monday' }));
    expect(week().MONDAY).toEqual([
      { open: '10:00', close: '19:00' },
      { open: '20:00', close: '23:59' },
    ]);
    // A lunch break: the first range ends at 12:30, the second runs 14:00–19:00.
    const firstClose = within(monday).getByLabelText('Monday closes (1)');
    fireEvent.change(firstClose, { target: { value: '12:30' } });
    const secondOpen = within(monday).getByLabelText('Monday opens (2)');
    fireEvent.change(secondOpen, { target: { value: '14:00' } });
    const secondClose = within(monday).getByLabelText('Monday closes (2)');
    fireEvent.change(secondClose, { target: { value: '19:00' } });
    expect(week().MONDAY).toEqual([
      { open: '10:00', close: '12:30' },
      { open: '14:00', close: '19:00' },
    ]);

    const saturday = screen.getByRole('group', { name: 'Saturday' });
    await user.click(within(saturday).getByRole('checkbox', { name: 'Open on Saturday' }));
    expect(week().SATURDAY).toEqual([]);
    expect(within(saturday).getByText('Closed')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Open on Sunday' }).checked).toBe(false);
  });

  it('marks an overlapping range on its own weekday as it is typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const tuesday = screen.getByRole('group', { name: 'Tuesday' });
    await user.click(within(tuesday).getByRole('button', { name: 'Add hours on Tuesday' }));
    const secondOpen = within(tuesday).getByLabelText('Tuesday opens (2)');
    fireEvent.change(secondOpen, { target: { value: '18:00' } });
    expect(within(tuesday).getByText('Overlaps 10:00–19:00')).toBeTruthy();
    expect(secondOpen.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(secondOpen.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Overlaps 10:00–19:00');
    expect(within(screen.getByRole('group', { name: 'Monday' })).queryByText(/Overlaps/)).toBeNull();
  });

  it('shows the API’s 400 details on the matching weekday and range', () => {
    render(
      <Harness
        initial={{
          ...defaultWeek(),
          FRIDAY: [
            { open: '10:00', close: '13:00' },
            { open: '12:00', close: '18:00' },
          ],
        }}
        serverDetails={[
          { path: 'openingHours.FRIDAY.1.open', message: 'Overlaps 10:00–13:00' },
          { path: 'openingHours.SUNDAY', message: 'At most 3 opening ranges a day' },
        ]}
      />,
    );
    const friday = screen.getByRole('group', { name: 'Friday' });
    expect(within(friday).getByLabelText('Friday opens (2)').getAttribute('aria-invalid')).toBe('true');
    expect(within(friday).getByLabelText('Friday opens (1)').hasAttribute('aria-invalid')).toBe(false);
    expect(within(friday).getByText('Overlaps 10:00–13:00')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Sunday' })).getByText('At most 3 opening ranges a day')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Thursday' })).queryByText(/Overlaps/)).toBeNull();
  });

  it('offers at most three ranges a day', async () => {
    const user = userEvent.setup();
    render(
      <Harness
        initial={{
          ...defaultWeek(),
          WEDNESDAY: [
            { open: '08:00', close: '10:00' },
            { open: '11:00', close: '13:00' },
          ],
        }}
      />,
    );
    const wednesday = screen.getByRole('group', { name: 'Wednesday' });
    await user.click(within(wednesday).getByRole('button', { name: 'Add hours on Wednesday' }));
    expect(week().WEDNESDAY).toHaveLength(3);
    expect(within(wednesday).queryByRole('button', { name: 'Add hours on Wednesday' })).toBeNull();
    await user.click(within(wednesday).getByRole('button', { name: 'Remove Wednesday 08:00–10:00' }));
    expect(week().WEDNESDAY.map((r) => r.open)).toEqual(['11:00', '14:00']);
  });
});
