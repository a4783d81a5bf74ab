/**
 * The day of a booking: the service team's days as radio buttons in a fieldset, a page of working days at a
 * time (earlier and later pages), each open day with the slots it has left and each full day shown as full
 * and not choosable. Weekends, bank holidays and days too soon or too far are left out. The chosen day is
 * the parent's state, so it survives a refusal and a reload of the days.
 */
import type { DayAvailability } from '../../features/service-booking/days.ts';
import { weekdayText } from '../../calendar/day-text.ts';
import { serviceBookingTexts as t } from '../../features/service-booking/texts.ts';

const PAGE = 10;

export interface DayChoiceProps {
  /** The input's name and the id prefix. */
  name: string;
  legend: string;
  days: readonly DayAvailability[];
  chosen: string;
  onChoose: (day: string) => void;
  /** The first shown day's index among the bookable days. */
  page: number;
  onPage: (page: number) => void;
  error?: string | undefined;
}

export const dayInputId = (name: string, day: string): string => `${name}-${day}`;

export function DayChoice({ name, legend, days, chosen, onChoose, page, onPage, error }: DayChoiceProps) {
  const bookable = days.filter((day) => day.state !== 'closed');
  if (bookable.length === 0) return <p>{t.noDays}</p>;
  const shown = bookable.slice(page, page + PAGE);
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  return (
    <fieldset
      className="day-choice"
      aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
    >
      <legend>{legend}</legend>
      <p className="field-hint" id={hintId}>
        {t.dayHint}
      </p>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
      <ul className="day-choice__days">
        {shown.map(({ day, state }) => (
          <li key={day}>
            <input
              type="radio"
              id={dayInputId(name, day)}
              name={name}
              value={day}
              checked={chosen === day}
              disabled={state === 'full'}
              onChange={() => onChoose(day)}
            />
            <label htmlFor={dayInputId(name, day)}>
              {weekdayText(day)}
              {state === 'full' && <span className="day-choice__full"> ({t.full})</span>}
            </label>
          </li>
        ))}
      </ul>
      <div className="day-choice__pages">
        {page > 0 && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onPage(Math.max(0, page - PAGE))}
          >
            {t.earlier}
          </button>
        )}
        {page + PAGE < bookable.length && (
          <button type="button" className="button button--secondary" onClick={() => onPage(page + PAGE)}>
            {t.later}
          </button>
        )}
      </div>
    </fieldset>
  );
}

/** The page on which `day` is shown. */
export function pageOf(days: readonly DayAvailability[], day: string): number {
  const index = days.filter((entry) => entry.state !== 'closed').findIndex((entry) => entry.day === day);
  return index < 0 ? 0 : index - (index % PAGE);
}
