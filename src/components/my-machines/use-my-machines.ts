/**
 * The state of My Account's "My machines": the machines kept (the My machines store, loaded on its own)
 * with the machines of past orders, and the changes the shopper makes to them, one at a time, each saying
 * what it did or why it could not.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { loadModels } from '../../features/fits/index.ts';
import { machinesFromOrders, modelTyped } from '../../features/my-machines/account.ts';
import { $myMachines, addMachine, loadMyMachines } from '../../features/my-machines/store.ts';
import { problemText } from '../../shop-api/problem.ts';
import { myMachinesTexts as t } from '../../features/my-machines/texts.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';

/** The machines kept (null while loading), why loading failed, and the machines of past orders. */
export function useKeptMachines() {
  const machines = useStore($myMachines);
  const [failed, setFailed] = useState<string | null>(null);
  const [ordered, setOrdered] = useState<string[]>([]);

  const load = (again: boolean) => {
    setFailed(null);
    loadMyMachines(again).catch((error: unknown) => setFailed(problemText(error)));
  };
  useEffect(() => {
    load(false);
    // The offers are a help, not the section: without them, the rest works as ever.
    machinesFromOrders().then(setOrdered, () => undefined);
  }, []);

  return { machines, failed, ordered, reload: () => load(true) };
}

export function useMachineChanges() {
  const [said, setSaid] = useState('');
  const [refused, setRefused] = useState('');
  /** What is wrong with the model typed, under the field. */
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { busy, start, finish } = useBusy<string>();

  /** Runs one change to the machine `name`; what it did, or why not, is said below the form. */
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

  /** The add form: the model typed, found among the models the shop knows, is added. */
  async function submitted(event: SubmitEvent<HTMLFormElement>) {
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

  return { said, refused, fieldError, busy, act, submitted };
}
