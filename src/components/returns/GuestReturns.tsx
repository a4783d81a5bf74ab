/**
 * The returns of a guest's order, under the order the lookup found: each one's status, items and comments
 * (a closed disclosure per return, the newest open), read again with the lookup's details, and "Return
 * items" to ask for another. A return just sent joins the list.
 */
import { useEffect, useState } from 'react';
import { fetchGuestReturns, returnsProblem } from '../../features/returns/api.ts';
import type { GuestProof, ReturnRecord } from '../../features/returns/returns.ts';
import { strings } from '../../strings.ts';
import { ReturnItems } from './ReturnItems.tsx';
import { ReturnView } from './ReturnView.tsx';
import './returns.css';

const t = strings.returns;

export default function GuestReturns({ proof }: { proof: GuestProof }) {
  const [returns, setReturns] = useState<readonly ReturnRecord[]>([]);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    fetchGuestReturns(proof).then(setReturns, (error: unknown) => setProblem(returnsProblem(error)));
  }, [proof.number, proof.email, proof.postcode]);

  return (
    <section className="guest-returns" aria-label={t.myReturns}>
      <ReturnItems
        source={{ kind: 'guest', proof }}
        onSent={(record) => setReturns((all) => [record, ...all])}
      />
      {problem && <p role="alert">{problem}</p>}
      {returns.map((record, index) => (
        <details key={record.id} className="guest-return" open={index === 0}>
          <summary>
            {t.returnTitle(record.number)}: {record.status}
          </summary>
          <ReturnView record={record} proof={proof} heading="h3" />
        </details>
      ))}
    </section>
  );
}
