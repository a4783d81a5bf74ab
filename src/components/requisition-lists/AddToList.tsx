/**
 * The add page (issue 68, /customer/requisition-lists/add): which list the products go on, or a new one,
 * then a way back to where the shopper came from (the product, the basket or the order). Reached by plain
 * links from product pages, the basket and past orders (features/requisition-lists/paths.ts).
 */
import { useState } from 'react';
import {
  keepRequisitionReturn,
  REQUISITION_LISTS_PAGE,
  requisitionListsTexts as t,
  type AddRequest,
  type RequisitionList,
} from '../../features/requisition-lists/index.ts';
import { SIGN_IN_PATH } from '../../shop-api/navigation.ts';
import { strings } from '../../strings.ts';
import { FormError } from '../../ui/forms/Field.tsx';
import { LoadFailed, Loading } from '../../ui/forms/LoadStatus.tsx';
import { here, useAddToList } from './use-add-to-list.ts';
import '../../styles/forms.css';
import './requisition-lists.css';

const NEW = 'new';

/** Where "Back" goes: the product (its page as the list now names it), the basket or the order. */
function backLink(request: AddRequest, list: RequisitionList) {
  if (request.kind === 'basket') return { href: '/basket', text: t.backToBasket };
  if (request.kind !== 'lines') return null;
  if (request.back) return { href: request.back, text: t.backToOrder };
  const [only] = request.lines;
  const href = request.lines.length === 1 ? list.lines.find((line) => line.sku === only?.sku)?.href : null;
  return href ? { href, text: t.backToProduct } : null;
}

function Done({ request, list }: { request: AddRequest; list: RequisitionList }) {
  const back = backLink(request, list);
  return (
    <div className="requisition" role="status">
      <p>{t.addedTo(list.name)}</p>
      <p className="requisition__to-basket">
        {back && (
          <a className="button" href={back.href}>
            {back.text}
          </a>
        )}
        <a href={REQUISITION_LISTS_PAGE}>{t.viewLists}</a>
      </p>
    </div>
  );
}

function ChooseForm({
  lists,
  count,
  adder,
}: {
  lists: readonly RequisitionList[];
  count: number;
  adder: ReturnType<typeof useAddToList>;
}) {
  const [choice, setChoice] = useState(lists[0]?.uid ?? NEW);
  const [name, setName] = useState('');
  const submit = () => {
    if (choice !== NEW) return void adder.add(choice, '');
    if (name.trim() === '') return adder.setRefused(t.nameNeeded);
    void adder.add(null, name.trim());
  };
  return (
    <form
      className="requisition"
      onSubmit={(event) => (event.preventDefault(), submit())}
      aria-describedby="requisition-add-error"
    >
      <p>{t.adding(count)}</p>
      <fieldset className="requisition__choices">
        <legend>{t.chooseList}</legend>
        {lists.map((list) => (
          <label key={list.uid}>
            <input
              type="radio"
              name="list"
              value={list.uid}
              checked={choice === list.uid}
              onChange={() => setChoice(list.uid)}
            />{' '}
            {list.name} ({t.itemsOnList(list.lines.length)})
          </label>
        ))}
        <label>
          <input
            type="radio"
            name="list"
            value={NEW}
            checked={choice === NEW}
            onChange={() => setChoice(NEW)}
          />{' '}
          {t.newListOption}
        </label>
        {choice === NEW && (
          <div className="requisition__new">
            <label htmlFor="requisition-add-name">{t.listName}</label>
            <input
              id="requisition-add-name"
              type="text"
              maxLength={255}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
          </div>
        )}
      </fieldset>
      <FormError id="requisition-add-error" message={adder.refused} />
      <button type="submit" className="button" aria-disabled={adder.busy || undefined}>
        {t.addToList}
      </button>
    </form>
  );
}

export default function AddToList() {
  const adder = useAddToList();
  const { state } = adder;
  if (state.status === 'loading') return <Loading className="account-status" text={t.loading} />;
  if (state.status === 'failed')
    return (
      <LoadFailed
        className="account-status"
        message={state.message}
        retryText={strings.shopper.retry}
        onRetry={adder.reload}
      />
    );
  if (state.status === 'signed-out')
    return (
      <div className="requisition">
        <p>{t.tradeNote}</p>
        <a className="button" href={SIGN_IN_PATH} onClick={() => keepRequisitionReturn(here())}>
          {t.signIn}
        </a>
      </div>
    );
  if (state.status === 'nothing') return <p>{state.message}</p>;
  if (adder.done) return <Done request={adder.request} list={adder.done} />;
  return <ChooseForm lists={state.lists} count={state.lines.length} adder={adder} />;
}
