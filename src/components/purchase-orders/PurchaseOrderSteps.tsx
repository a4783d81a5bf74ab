/**
 * The steps the customer may take on a purchase order now (Magento's `available_actions`), with one
 * comment box for all of them: approve, reject (which needs the comment: the buyer reads why), cancel,
 * place the order of an approved one, or only add the comment. What happened is said under the buttons;
 * the purchase order shown becomes the one the server answers.
 */
import { useState } from 'react';
import {
  purchaseOrderTexts as t,
  takeStep,
  type ChangedAnswer,
  type PurchaseOrderAnswer,
  type PurchaseOrderStep,
} from '../../features/purchase-orders/index.ts';
import { leftForSignIn } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import { FormError } from '../../ui/forms/Field.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';

const COMMENT_ID = 'po-comment-text';

function said(step: PurchaseOrderStep, answer: ChangedAnswer): string {
  if (step === 'approve') return answer.placed ? t.approvedAndPlaced(answer.placed) : t.approved;
  if (step === 'reject') return t.rejected;
  if (step === 'cancel') return t.cancelled;
  if (step === 'place-order') return t.orderPlaced(answer.placed ?? '');
  return t.commented;
}

interface Props {
  order: PurchaseOrderAnswer;
  onChanged: (order: PurchaseOrderAnswer) => void;
}

export function PurchaseOrderSteps({ order, onChanged }: Props) {
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy<PurchaseOrderStep>();

  async function take(step: PurchaseOrderStep) {
    if (step === 'reject' && comment.trim() === '') return setError(t.rejectNeedsComment);
    if (step === 'comment' && comment.trim() === '') return setError(t.commentRequired);
    if (!start(step)) return;
    setError('');
    setMessage('');
    try {
      const answer = await takeStep(step, order.uid, comment);
      onChanged(answer.purchaseOrder);
      setComment('');
      setMessage(said(step, answer));
    } catch (failure) {
      if (!leftForSignIn(failure)) setError(problemText(failure));
    } finally {
      finish();
    }
  }

  const button = (step: PurchaseOrderStep, label: string, secondary = false) => (
    <button
      type="button"
      className={secondary ? 'button button--secondary' : 'button'}
      aria-disabled={busy || undefined}
      onClick={() => void take(step)}
    >
      {label}
    </button>
  );
  const can = (action: PurchaseOrderAnswer['actions'][number]) => order.actions.includes(action);

  return (
    <section className="po-section po-comment" aria-label={t.stepsLabel}>
      <label htmlFor={COMMENT_ID}>{t.commentLabel}</label>
      <p className="field-hint">{t.commentHint}</p>
      <textarea
        id={COMMENT_ID}
        value={comment}
        maxLength={1000}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <div className="po-steps">
        {can('APPROVE') && button('approve', t.approve)}
        {can('REJECT') && button('reject', t.reject, true)}
        {can('PLACE_ORDER') && button('place-order', t.placeOrder)}
        {can('CANCEL') && button('cancel', t.cancel, true)}
        {button('comment', t.addComment, true)}
      </div>
      <p role="status">{message}</p>
      <FormError id="po-step-error" message={error} />
    </section>
  );
}
