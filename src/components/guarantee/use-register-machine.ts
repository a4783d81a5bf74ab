/**
 * The registration form's state: the machines of the customer's orders (loaded once, signed-in only),
 * which machine is chosen, the refusal's messages by field, and the registration made. One submit at a
 * time; after a refusal the error summary takes focus, after success the result does.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  fetchOrderedMachines,
  registerMachine,
  RegistrationProblems,
  type ShownRegistration,
} from '../../features/guarantee/api.ts';
import { MAX_RECEIPT_BYTES } from '../../features/guarantee/receipt.ts';
import { guaranteeTexts as t } from '../../features/guarantee/texts.ts';
import { signedInOr } from '../../features/account/index.ts';
import { signInAndBack } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import type { RegistrationField } from '../../features/guarantee/register.server.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { useLoad } from '../../ui/forms/use-load.ts';

export const ELSEWHERE = 'elsewhere';

/** The radio's value of a machine from an order. */
export const fromOrder = (orderNumber: string, sku: string): string => `${orderNumber}|${sku}`;

/** The form as the server takes it: the chosen machine's fields, the serial, the receipt. */
function formFor(form: HTMLFormElement, choice: string): FormData {
  const typed = new FormData(form);
  const sent = new FormData();
  if (choice === ELSEWHERE) {
    sent.set('bought', 'elsewhere');
    sent.set('model', String(typed.get('model') ?? ''));
    sent.set('purchaseDate', String(typed.get('purchaseDate') ?? ''));
  } else {
    const [order = '', sku = ''] = choice.split('|');
    sent.set('bought', 'here');
    sent.set('order', order);
    sent.set('sku', sku);
  }
  sent.set('serial', String(typed.get('serial') ?? ''));
  const receipt = typed.get('receipt');
  if (receipt instanceof File && receipt.size > 0) sent.set('receipt', receipt);
  return sent;
}

export function useRegisterMachine(page: string) {
  const { state: ordered, retry } = useLoad(() => fetchOrderedMachines(), {
    guard: signedInOr(signInAndBack(page)),
    signIn: true,
    comeBack: true,
  });
  const [choice, setChoice] = useState<string | null>(null);
  const [problems, setProblems] = useState<Partial<Record<RegistrationField, string>>>({});
  const [refused, setRefused] = useState('');
  const [registered, setRegistered] = useState<ShownRegistration | null>(null);
  const result = useRef<HTMLHeadingElement>(null);
  const { busy, start, finish } = useBusy();
  // Each answered submit moves focus once it is drawn: to the result, or (ErrorSummary's focusKey) to the
  // summary of what to correct.
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0 && registered) result.current?.focus();
  }, [answered]);

  const machines = ordered.status === 'ready' ? ordered.value : [];
  const chosen = choice ?? (machines[0] ? fromOrder(machines[0].orderNumber, machines[0].sku) : ELSEWHERE);

  async function submitted(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!start(true)) return;
    setRefused('');
    try {
      const sent = formFor(event.currentTarget, chosen);
      // A phone's photo is often larger than the server takes: say so beside the field before sending it.
      const receipt = sent.get('receipt');
      if (receipt instanceof File && receipt.size > MAX_RECEIPT_BYTES)
        throw new RegistrationProblems(413, t.receiptSize, { receipt: t.receiptSize });
      const registration = await registerMachine(sent);
      setProblems({});
      setRegistered(registration);
    } catch (error) {
      setProblems(error instanceof RegistrationProblems ? error.problems : {});
      setRefused(problemText(error));
    } finally {
      finish();
      setAnswered((count) => count + 1);
    }
  }

  return {
    ordered,
    retry,
    machines,
    chosen,
    choose: setChoice,
    problems,
    refused,
    registered,
    again: () => setRegistered(null),
    busy,
    submitted,
    answered,
    result,
  };
}
