/**
 * My Account's "My machines" (issue 39): the machines the customer keeps (kept in Magento, through the My
 * machines store), each linked to everything that fits it and removable; the machines of their past orders
 * offered with one click; and a form to add one by its model, with the way to the parts finder for a shopper
 * who does not know it. It loads on its own, so the other blocks never wait for it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { modelSlug } from '../../catalogue/fits.ts';
import { loadModels } from '../../features/fits/fit-data.ts';
import { machinesFromOrders, modelTyped, offered } from '../../features/my-machines/account.ts';
import { $myMachines, addMachine, loadMyMachines, removeMachine } from '../../features/my-machines/store.ts';
import { problemText } from '../../features/problem.ts';
import { PARTS_FINDER_PATH, partsPagePath } from '../../features/fits/texts.ts';
import { myMachinesTexts as t } from '../../features/my-machines/texts.ts';
import { strings } from '../../strings.ts';
import { Field, FormError } from '../shared/Field.tsx';
import { LoadFailed, Loading } from '../shared/LoadStatus.tsx';
import { useBusy } from '../shared/use-busy.ts';

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

export function MyMachines() {
  const machines = useStore($myMachines);
  const [failed, setFailed] = useState<string | null>(null);
  const [ordered, setOrdered] = useState<string[]>([]);
  const [said, setSaid] = useState('');
  const [refused, setRefused] = useState('');
  /** What is wrong with the model typed, under the field. */
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { busy, start, finish } = useBusy<string>();

  const load = (again: boolean) => {
    setFailed(null);
    loadMyMachines(again).catch((error: unknown) => setFailed(problemText(error)));
  };
  useEffect(() => {
    load(false);
    // The offers are a help, not the section: without them, the rest works as ever.
    machinesFromOrders().then(setOrdered, () => undefined);
  }, []);

  async function act(name: string, work: () => Promise<unknown>, done: string): Promise<boolean> {
    if (!start(name)) return false;
    setSaid('');
    setRefused('');
    setFieldError(undefined);
    try {
      await work();
      setSaid(done);
      return true;
    } catch (error) {
      setRefused(problemText(error));
      return false;
    } finally {
      finish();
    }
  }

  async function submitted(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const typed = String(new FormData(form).get('model') ?? '').trim();
    setSaid('');
    if (typed === '') return setFieldError(t.badName);
    let models;
    try {
      models = await loadModels();
    } catch {
      return setRefused(t.notChanged);
    }
    const model = modelTyped(typed, models);
    if (!model) return setFieldError(t.unknown(typed));
    if (await act(model.name, () => addMachine(model.name), t.added(model.name))) form.reset();
  }

  const offers = machines ? offered(ordered, machines) : [];
  return (
    <section className="account-block account-block--machines" aria-labelledby="my-machines">
      <h2 id="my-machines">{t.title}</h2>
      <p>{t.intro}</p>
      {machines ? (
        <KeptMachines
          machines={machines}
          busy={busy}
          onRemove={(name) => void act(name, () => removeMachine(name), t.removed(name))}
        />
      ) : failed === null ? (
        <Loading className="account-status" text={t.loading} />
      ) : (
        <LoadFailed
          className="account-status"
          message={failed}
          retryText={strings.shopper.retry}
          onRetry={() => load(true)}
        />
      )}
      <FromOrders
        names={offers}
        busy={busy}
        onAdd={(name) => void act(name, () => addMachine(name), t.added(name))}
      />
      <form className="my-machines__add" onSubmit={(event) => void submitted(event)} noValidate>
        <h3 id={`${FORM}-title`}>{t.addTitle}</h3>
        <Field form={FORM} name="model" label={t.addLabel} describedBy={`${FORM}-hint`} error={fieldError} />
        <p className="my-machines__hint" id={`${FORM}-hint`}>
          {t.addHint}
        </p>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {t.addButton}
        </button>
      </form>
      <FormError id={`${FORM}-error`} message={refused} />
      <p className="my-machines__said" role="status">
        {said}
      </p>
      <a href={PARTS_FINDER_PATH}>{t.findInFinder}</a>
    </section>
  );
}
