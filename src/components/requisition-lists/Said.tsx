/** What the last change did, where it happened: a status line, or an alert for a refusal. */
import { requisitionListsTexts as t } from '../../features/requisition-lists/index.ts';
import type { Said } from './use-requisition-lists.ts';

export function SaidHere({ said, where }: { said: Said | null; where: string }) {
  if (said?.where !== where) return <p className="requisition__said" role="status" />;
  return (
    <div
      className={said.problem ? 'requisition__said requisition__said--problem' : 'requisition__said'}
      role={said.problem ? 'alert' : 'status'}
    >
      <p>
        {said.text}
        {said.toBasket && (
          <>
            {' '}
            <a href="/basket">{t.viewBasket}</a>
          </>
        )}
      </p>
      {said.problems && said.problems.length > 0 && (
        <ul>
          {said.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
