/**
 * `components/my-machines/`: My Account's "My machines" block as a React island (this file, its
 * state in use-my-machines.ts). The store of machines kept and the rules for naming them live in
 * `features/my-machines/`.
 *
 * My Account's "My machines" (issue 39): the machines the customer keeps (kept in Magento, through the My
 * machines store), each linked to everything that fits it and removable; the machines of their past orders
 * offered with one click; and a form to add one by its model, with the way to the parts finder for a shopper
 * who does not know it; under them, what other features add (machine-panels.tsx: guarantee registrations).
 * It loads on its own, so the other blocks never wait for it.
 */
import type { SubmitEvent } from 'react';
import { modelSlug } from '../../catalogue/fits.ts';
import { offered } from '../../features/my-machines/account.ts';
import { addMachine, removeMachine } from '../../features/my-machines/store.ts';
import { PARTS_FINDER_PATH, partsPagePath } from '../../features/fits/index.ts';
import { myMachinesTexts as t } from '../../features/my-machines/texts.ts';
import { strings } from '../../strings.ts';
import { Field, FormError } from '../../ui/forms/Field.tsx';
import { LoadFailed, Loading } from '../../ui/forms/LoadStatus.tsx';
import { useKeptMachines, useMachineChanges } from './use-my-machines.ts';
import { MachinePanels } from './machine-panels.tsx';

const FORM = 'add-machine';

function KeptMachines({
  machines,
  busy,
  onRemove,
}: {
  machines: readonly string[];
  busy: boolean;
  onRemove: (name: string) => void;
}) {
  if (machines.length === 0) return <p>{t.none}</p>;
  return (
    <ul className="my-machines__list">
      {machines.map((name) => (
        <li key={name}>
          <a href={partsPagePath(modelSlug(name))}>{name}</a>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={busy || undefined}
            onClick={() => onRemove(name)}
          >
            {t.remove}
            <span className="visually-hidden"> {name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function FromOrders({
  names,
  busy,
  onAdd,
}: {
  names: string[];
  busy: boolean;
  onAdd: (name: string) => void;
}) {
  if (names.length === 0) return null;
  return (
    <div className="my-machines__orders">
      <h3 id="machines-from-orders">{t.fromOrdersTitle}</h3>
      <ul className="my-machines__offers" aria-labelledby="machines-from-orders">
        {names.map((name) => (
          <li key={name}>
            <button
              type="button"
              className="button"
              aria-disabled={busy || undefined}
              onClick={() => onAdd(name)}
            >
              {t.addFromOrder(name)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The machines kept, or while they load (or failed to), what the shopper can do about it. */
function Kept({
  kept,
  busy,
  onRemove,
}: {
  kept: ReturnType<typeof useKeptMachines>;
  busy: boolean;
  onRemove: (name: string) => void;
}) {
  if (kept.machines) return <KeptMachines machines={kept.machines} busy={busy} onRemove={onRemove} />;
  if (kept.failed === null) return <Loading className="account-status" text={t.loading} />;
  return (
    <LoadFailed
      className="account-status"
      message={kept.failed}
      retryText={strings.shopper.retry}
      onRetry={kept.reload}
    />
  );
}

function AddMachine({
  busy,
  fieldError,
  onSubmit,
}: {
  busy: boolean;
  fieldError: string | undefined;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
}) {
  return (
    <form className="my-machines__add" onSubmit={onSubmit} noValidate>
      <h3 id={`${FORM}-title`}>{t.addTitle}</h3>
      <Field form={FORM} name="model" label={t.addLabel} describedBy={`${FORM}-hint`} error={fieldError} />
      <p className="my-machines__hint" id={`${FORM}-hint`}>
        {t.addHint}
      </p>
      <button type="submit" className="button" aria-disabled={busy || undefined}>
        {t.addButton}
      </button>
    </form>
  );
}

export function MyMachines() {
  const kept = useKeptMachines();
  const { said, refused, fieldError, busy, act, submitted } = useMachineChanges();
  const offers = kept.machines ? offered(kept.ordered, kept.machines) : [];
  return (
    <section className="account-block account-block--machines" aria-labelledby="my-machines">
      <h2 id="my-machines">{t.title}</h2>
      <p>{t.intro}</p>
      <Kept
        kept={kept}
        busy={busy}
        onRemove={(name) => void act(name, () => removeMachine(name), t.removed(name))}
      />
      <FromOrders
        names={offers}
        busy={busy}
        onAdd={(name) => void act(name, () => addMachine(name), t.added(name))}
      />
      <AddMachine busy={busy} fieldError={fieldError} onSubmit={(event) => void submitted(event)} />
      <FormError id={`${FORM}-error`} message={refused} />
      <p className="my-machines__said" role="status">
        {said}
      </p>
      <a href={PARTS_FINDER_PATH}>{t.findInFinder}</a>
      <MachinePanels />
    </section>
  );
}
