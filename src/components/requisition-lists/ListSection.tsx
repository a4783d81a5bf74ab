/**
 * One requisition list on My requisition lists: its name (renamed in place), Delete (asked twice), its
 * lines, and "Add selected to basket" / "Add all to basket".
 */
import { useState } from 'react';
import {
  deleteRequisitionList,
  removeLine,
  renameRequisitionList,
  requisitionListsTexts as t,
  setLineQuantity,
  type RequisitionLine,
  type RequisitionList,
} from '../../features/requisition-lists/index.ts';
import { ListLines } from './ListLines.tsx';
import { SaidHere } from './Said.tsx';
import type { useRequisitionLists } from './use-requisition-lists.ts';

type Lists = ReturnType<typeof useRequisitionLists>;

/** A whole number of 1 or more, as typed, or undefined. */
export const wholeQuantity = (typed: string): number | undefined => {
  const value = Number(typed.trim());
  return typed.trim() !== '' && Number.isInteger(value) && value >= 1 && value <= 100000 ? value : undefined;
};

function RenameForm({ list, lists }: { list: RequisitionList; lists: Lists }) {
  const [name, setName] = useState(list.name);
  const id = `rename-${list.uid}`;
  return (
    <form
      className="requisition__rename"
      onSubmit={(event) => {
        event.preventDefault();
        const wanted = name.trim();
        if (wanted === '') return lists.refuse(list.uid, t.nameNeeded);
        void lists.change(list.uid, () => renameRequisitionList(list.uid, wanted), t.renamed(wanted));
      }}
    >
      <label htmlFor={id}>{t.listName}</label>
      <input
        id={id}
        type="text"
        maxLength={255}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <button type="submit" className="button button--secondary" aria-disabled={lists.busy || undefined}>
        {t.saveName}
      </button>
    </form>
  );
}

function DeleteButton({ list, lists }: { list: RequisitionList; lists: Lists }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
        {t.deleteList}
      </button>
    );
  return (
    <div className="requisition__confirm" role="group" aria-label={t.deleteList}>
      <p>{t.confirmDelete(list.name)}</p>
      <button
        type="button"
        className="button"
        aria-disabled={lists.busy || undefined}
        onClick={() => void lists.change('', () => deleteRequisitionList(list.uid), t.deleted(list.name))}
      >
        {t.yesDelete}
      </button>
      <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
        {t.keep}
      </button>
    </div>
  );
}

export function ListSection({ list, lists }: { list: RequisitionList; lists: Lists }) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const present = new Set(list.lines.map((line) => line.uid));
  const chosen = [...picked].filter((uid) => present.has(uid));
  const pick = (uid: string, on: boolean) =>
    setPicked((now) => {
      const next = new Set(now);
      if (on) next.add(uid);
      else next.delete(uid);
      return next;
    });
  const quantity = async (line: RequisitionLine, typed: string) => {
    const value = wholeQuantity(typed);
    if (value === undefined) {
      lists.refuse(list.uid, t.quantityNeeded);
      return false;
    }
    return lists.change(list.uid, () => setLineQuantity(list.uid, line.uid, value), t.quantityChanged);
  };
  const remove = (line: RequisitionLine) =>
    void lists.change(list.uid, () => removeLine(list.uid, line.uid), t.lineRemoved(line.name));
  const headingId = `list-${list.uid}`;
  return (
    <section className="requisition__list" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {list.name} <span className="requisition__count">({t.itemsOnList(list.lines.length)})</span>
      </h2>
      <div className="requisition__manage">
        <RenameForm key={list.name} list={list} lists={lists} />
        <DeleteButton list={list} lists={lists} />
      </div>
      <ListLines
        lines={list.lines}
        picked={picked}
        busy={lists.busy}
        onPick={pick}
        onQuantity={quantity}
        onRemove={remove}
      />
      {list.lines.length > 0 && (
        <div className="requisition__to-basket">
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={lists.busy || undefined}
            onClick={() =>
              chosen.length === 0
                ? lists.refuse(list.uid, t.chooseLines)
                : void lists.toBasket(list.uid, chosen)
            }
          >
            {t.addSelected}
          </button>
          <button
            type="button"
            className="button"
            aria-disabled={lists.busy || undefined}
            onClick={() => void lists.toBasket(list.uid, [])}
          >
            {t.addAll}
          </button>
        </div>
      )}
      <SaidHere said={lists.said} where={list.uid} />
    </section>
  );
}
