/**
 * The box at the top of a refused form (GOV.UK's error summary pattern): a heading and one link per field at
 * fault, each to its field. The form focuses it after a refused submit (`focusKey` changes each time), so a
 * screen reader reads it and a keyboard user goes from it to the field; an empty list draws nothing.
 */
import { useEffect, useRef } from 'react';

export interface SummaryProblem {
  /** The id of the field at fault. */
  readonly id: string;
  readonly message: string;
}

export function ErrorSummary({
  title,
  problems,
  focusKey,
}: {
  title: string;
  problems: readonly SummaryProblem[];
  /** A new value focuses the summary again (each refused submit). */
  focusKey: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length > 0) box.current?.focus();
    // Focus on each refused submit, not on every re-render.
  }, [focusKey]);
  if (problems.length === 0) return null;
  return (
    <div className="error-summary" ref={box} tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{title}</h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.id}>
            <a href={`#${problem.id}`}>{problem.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
