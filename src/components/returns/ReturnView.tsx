/**
 * One return as the shopper sees it: its number, order, status, what was asked for, the items and the
 * comments (the merchant's and the shopper's), with a box to add one. A comment refused or not sent keeps
 * what was typed; one added is shown at the end of the list and announced.
 */
import { useState, type SubmitEvent } from 'react';
import { addComment, returnsProblem } from '../../features/returns/api.ts';
import {
  MAX_COMMENT,
  type GuestProof,
  type ReturnComment,
  type ReturnRecord,
} from '../../features/returns/returns.ts';
import { strings } from '../../strings.ts';
import { orderDate } from '../../ui/order-format.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';
import './returns.css';

const t = strings.returns;

function Items({ record }: { record: ReturnRecord }) {
  return (
    <table className="orders-table return-items">
      <caption className="visually-hidden">{t.items}</caption>
      <thead>
        <tr>
          <th scope="col">{t.item}</th>
          <th scope="col">{t.qty}</th>
          <th scope="col">{t.conditionColumn}</th>
        </tr>
      </thead>
      <tbody>
        {record.items.map((item, index) => (
          <tr key={`${item.sku}-${index}`}>
            <th scope="row" data-label={t.item}>
              {item.name}
            </th>
            <td data-label={t.qty}>{item.qty}</td>
            <td data-label={t.conditionColumn}>{item.condition ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Comments({ comments }: { comments: readonly ReturnComment[] }) {
  if (comments.length === 0) return <p>{t.noComments}</p>;
  return (
    <ol className="return-comments">
      {comments.map((comment, index) => (
        <li key={index} className={`return-comment return-comment--${comment.author}`}>
          <p className="return-comment__by">
            <strong>{comment.author === 'merchant' ? t.fromUs : t.fromYou}</strong>
            {comment.at && (
              <>
                {' '}
                · <time dateTime={comment.at}>{orderDate(comment.at)}</time>
              </>
            )}
          </p>
          <p className="return-comment__text">{comment.text}</p>
        </li>
      ))}
    </ol>
  );
}

function CommentBox({
  id,
  proof,
  onAdded,
  idPrefix,
}: {
  id: number;
  proof: GuestProof | undefined;
  onAdded: (comment: ReturnComment) => void;
  idPrefix: string;
}) {
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const { busy, start, finish } = useBusy();
  const field = `${idPrefix}-comment`;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const box = form.elements.namedItem('comment');
    const text = box instanceof HTMLTextAreaElement ? box.value.trim() : '';
    setDone('');
    if (text === '') return fail(t.commentEmpty, box);
    if (text.length > MAX_COMMENT) return fail(t.commentTooLong, box);
    if (!start(true)) return;
    try {
      onAdded(await addComment(id, text, proof));
      form.reset();
      setError('');
      setDone(t.commentSent);
    } catch (failure) {
      fail(returnsProblem(failure), box);
    } finally {
      finish();
    }
  }

  function fail(message: string, box: unknown) {
    setError(message);
    if (box instanceof HTMLTextAreaElement) box.focus();
  }

  return (
    <form className="return-comment-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={field}>{t.commentLabel}</label>
        <p className="field-hint" id={`${field}-hint`}>
          {t.commentHint}
        </p>
        <textarea
          id={field}
          name="comment"
          rows={4}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${field}-hint${error ? ` ${field}-error` : ''}`}
        />
        {error && (
          <p className="field-error" id={`${field}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
      <p role="status">{done}</p>
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {t.sendComment}
      </button>
    </form>
  );
}

export function ReturnView({
  record,
  proof,
  heading = 'h1',
}: {
  record: ReturnRecord;
  proof?: GuestProof;
  heading?: 'h1' | 'h3';
}) {
  const [comments, setComments] = useState(record.comments);
  const Title = heading;
  const Sub = heading === 'h1' ? 'h2' : 'h4';
  const prefix = `return-${record.id}`;
  return (
    <article className="return-view" aria-labelledby={`${prefix}-title`}>
      <Title id={`${prefix}-title`} className={heading === 'h1' ? 'page-title' : undefined}>
        {t.returnTitle(record.number)}
      </Title>
      <dl className="return-facts">
        <dt>{t.status}</dt>
        <dd>{record.status}</dd>
        <dt>{t.order}</dt>
        <dd>{record.order}</dd>
        <dt>{t.requested}</dt>
        <dd>{record.createdAt && <time dateTime={record.createdAt}>{orderDate(record.createdAt)}</time>}</dd>
        <dt>{t.reasonGiven}</dt>
        <dd>{record.reason}</dd>
        <dt>{t.wish}</dt>
        <dd>{record.resolution}</dd>
      </dl>
      <Sub>{t.items}</Sub>
      <Items record={record} />
      <Sub>{t.comments}</Sub>
      <Comments comments={comments} />
      <Sub>{t.addComment}</Sub>
      <CommentBox
        id={record.id}
        proof={proof}
        idPrefix={prefix}
        onAdded={(comment) => setComments((all) => [...all, comment])}
      />
    </article>
  );
}
