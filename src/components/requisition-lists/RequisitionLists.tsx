/**
 * My requisition lists (issue 68, /customer/requisition-lists): the signed-in buyer's named lists, a new
 * one made at the top, each list with its lines (use-requisition-lists.ts holds the state; ListSection one
 * list). What a change did is said beside it; a refused one keeps what was typed.
 */
import { useState } from 'react';
import { createRequisitionList, requisitionListsTexts as t } from '../../features/requisition-lists/index.ts';
import { strings } from '../../strings.ts';
import { LoadFailed, Loading } from '../../ui/forms/LoadStatus.tsx';
import { ListSection } from './ListSection.tsx';
import { SaidHere } from './Said.tsx';
import { useRequisitionLists } from './use-requisition-lists.ts';
import '../../styles/forms.css';
import './requisition-lists.css';

function NewListForm({ lists }: { lists: ReturnType<typeof useRequisitionLists> }) {
  const [name, setName] = useState('');
  return (
    <form
      className="requisition__new"
      onSubmit={(event) => {
        event.preventDefault();
        const wanted = name.trim();
        if (wanted === '') return lists.refuse('', t.nameNeeded);
        void lists
          .change('', () => createRequisitionList(wanted), t.created(wanted))
          .then((ok) => ok && setName(''));
      }}
    >
      <h2>{t.newList}</h2>
      <label htmlFor="requisition-new-name">{t.listName}</label>
      <input
        id="requisition-new-name"
        type="text"
        maxLength={255}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <button type="submit" className="button" aria-disabled={lists.busy || undefined}>
        {t.create}
      </button>
    </form>
  );
}

export default function RequisitionLists() {
  const lists = useRequisitionLists();
  const { loaded } = lists;
  if (loaded.status === 'loading') return <Loading className="account-status" text={t.loading} />;
  if (loaded.status === 'failed')
    return (
      <LoadFailed
        className="account-status"
        message={loaded.message}
        retryText={strings.shopper.retry}
        onRetry={lists.reload}
      />
    );
  return (
    <div className="requisition">
      <p>{t.intro}</p>
      <NewListForm lists={lists} />
      <SaidHere said={lists.said} where="" />
      {loaded.answer.lists.length === 0 && <p>{t.noLists}</p>}
      {loaded.answer.lists.map((list) => (
        <ListSection key={list.uid} list={list} lists={lists} />
      ))}
    </div>
  );
}
