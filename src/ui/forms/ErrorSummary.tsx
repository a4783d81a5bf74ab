/**
 * The box at the top of a refused form (GOV.UK's error summary pattern), the shop's one: a heading and one
 * link per field at fault, each to its field, or a sentence when the refusal names no field (the server
 * down). The form focuses it after a refused submit (`focusKey` changes each time), so a screen reader
 * reads it and a keyboard user goes from it to the field; with nothing to say it draws nothing. Its look is
 * error-summary.css beside it.
 */
import { useEffect, useRef } from 'react';
import './error-summary.css';

export interface SummaryProblem {
  /** The id of the field at fault. */
  readonly id: string;
  readonly message: string;
}

export function ErrorSummary({
  title,
  problems,
  focusKey,
  message = '',
  id = 'error-summary',
  heading: Heading = 'h2',
}: {
  title: string;
  problems: readonly SummaryProblem[];
  /** A new value focuses the summary again (each refused submit). */
  focusKey: number;
  /** What is said when no field is at fault. */
  message?: string;
  id?: string;
  /** The heading's level under the form's own (h3 in a form headed h2). */
  heading?: 'h2' | 'h3';
}) {
  const box = useRef<HTMLDivElement>(null);
  const shown = problems.length > 0 || message !== '';
  useEffect(() => {
    if (shown) box.current?.focus();
    // Focus on each refused submit, not on every re-render.
  }, [focusKey]);
  if (!shown) return null;
  return (
    <div
      className="error-summary"
      id={id}
      ref={box}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${id}-title`}
    >
      {problems.length === 0 ? (
        <p id={`${id}-title`}>{message}</p>
      ) : (
        <>
          <Heading id={`${id}-title`}>{title}</Heading>
          <ul>
            {problems.map((problem, index) => (
              <li key={`${problem.id}-${index}`}>
                <a href={`#${problem.id}`}>{problem.message}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
