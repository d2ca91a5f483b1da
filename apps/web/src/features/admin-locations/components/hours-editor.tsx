import { WEEKDAYS, type OpeningHours, type Weekday } from '@mirror/contract';
import { MAX_RANGES, WEEKDAY_LABEL, copyDay, nextRange, type DayProblems, type Range } from '../hours';
import styles from './admin-locations.module.css';

export interface HoursEditorProps {
  /** Prefix of the inputs' ids (`${idPrefix}-MONDAY-0-open`), so a problem can focus its field. */
  idPrefix: string;
  value: OpeningHours;
  onChange: (hours: OpeningHours) => void;
  onBlur?: () => void;
  /** Problems per weekday: the browser's check and the API's 400 details alike. */
  problems: Partial<Record<Weekday, DayProblems>>;
}

const WEEKDAYS_AFTER_MONDAY: Weekday[] = ['TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

/** The input id of a range's field. */
export const hoursInputId = (idPrefix: string, day: Weekday, index: number, field: 'open' | 'close') =>
  `${idPrefix}-${day}-${index}-${field}`;

/**
 * Opening hours per weekday: a day is open or closed; an open day has one to three ranges (a lunch
 * break splits it). Ranges are saved in time order.
 */
export function HoursEditor({ idPrefix, value, onChange, onBlur, problems }: HoursEditorProps) {
  const setDay = (day: Weekday, ranges: Range[]) => onChange({ ...value, [day]: ranges });

  return (
    <div className={styles.hours}>
      <div className={styles.hoursTools}>
        <button type="button" className={styles.textButton} onClick={() => onChange(copyDay(value, 'MONDAY', WEEKDAYS_AFTER_MONDAY))}>
          Copy Monday to Tuesday–Friday
        </button>
      </div>
      {WEEKDAYS.map((day) => {
        const ranges = value[day];
        const isOpen = ranges.length > 0;
        const label = WEEKDAY_LABEL[day];
        const dayProblems = problems[day];
        const dayErrorId = `${idPrefix}-${day}-error`;
        const next = nextRange(ranges);
        return (
          <fieldset
            key={day}
            className={styles.day}
            data-testid={`hours-${day}`}
            aria-describedby={dayProblems?.day ? dayErrorId : undefined}
          >
            <legend className={styles.dayName}>{label}</legend>
            <label className={styles.dayToggle}>
              <input
                type="checkbox"
                className={styles.checkbox}
                checked={isOpen}
                aria-label={`Open on ${label}`}
                onChange={(event) => setDay(day, event.target.checked ? [nextRange([])!] : [])}
                onBlur={onBlur}
              />
              Open
            </label>
            <div className={styles.ranges}>
              {isOpen ? (
                ranges.map((range, index) => {
                  const problem = dayProblems?.ranges[index];
                  const suffix = ranges.length > 1 ? ` (${index + 1})` : '';
                  const openId = hoursInputId(idPrefix, day, index, 'open');
                  const closeId = hoursInputId(idPrefix, day, index, 'close');
                  const errorId = `${idPrefix}-${day}-${index}-error`;
                  const message = [problem?.open, problem?.close].filter(Boolean).join(' · ');
                  const update = (patch: Partial<Range>) =>
                    setDay(
                      day,
                      ranges.map((r, i) => (i === index ? { ...r, ...patch } : r)),
                    );
                  return (
                    <div key={index} className={styles.range}>
                      <div className={styles.rangeFields}>
                        <input
                          id={openId}
                          type="time"
                          step={300}
                          className={styles.time}
                          aria-label={`${label} opens${suffix}`}
                          aria-invalid={problem?.open ? true : undefined}
                          aria-describedby={message ? errorId : undefined}
                          value={range.open}
                          onChange={(event) => update({ open: event.target.value })}
                          onBlur={onBlur}
                        />
                        <span aria-hidden="true">–</span>
                        <input
                          id={closeId}
                          type="time"
                          step={300}
                          className={styles.time}
                          aria-label={`${label} closes${suffix}`}
                          aria-invalid={problem?.close ? true : undefined}
                          aria-describedby={message ? errorId : undefined}
                          value={range.close}
                          onChange={(event) => update({ close: event.target.value })}
                          onBlur={onBlur}
                        />
                        <button
                          type="button"
                          className={styles.textButton}
                          aria-label={`Remove ${label} ${range.open}–${range.close}`}
                          onClick={() =>
                            setDay(
                              day,
                              ranges.filter((_, i) => i !== index),
                            )
                          }
                        >
                          Remove
                        </button>
                      </div>
                      {message ? (
                        <p id={errorId} className={styles.fieldError}>
                          {message}
                        </p>
                      ) : null}
                    </div>
                  );
                })
              ) : (
                <span className={styles.closed}>Closed</span>
              )}
              {isOpen && next ? (
                <button
                  type="button"
                  className={styles.textButton}
                  aria-label={`Add hours on ${label}`}
                  onClick={() => setDay(day, [...ranges, next])}
                >
                  Add hours
                </button>
              ) : null}
              {isOpen && ranges.length >= MAX_RANGES ? <span className={styles.secondary}>At most {MAX_RANGES} ranges a day</span> : null}
              {dayProblems?.day ? (
                <p id={dayErrorId} className={styles.fieldError}>
                  {dayProblems.day}
                </p>
              ) : null}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
