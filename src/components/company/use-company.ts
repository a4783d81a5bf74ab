/**
 * The state of the company page: the company (read once the page opens; signed-out shoppers sent to sign in
 * and back), and changes, one at a time, each answering the company afresh and saying what it did or why
 * not.
 */
import { useEffect, useState } from 'react';
import { readMyCompany, type CompanyAnswer } from '../../features/company/index.ts';
import { problemText } from '../../shop-api/problem.ts';
import { leftForSignIn } from '../../shop-api/navigation.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';

export type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; company: CompanyAnswer | null };

const BACK = '/company';

export function useCompany() {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [said, setSaid] = useState('');
  const [refused, setRefused] = useState('');
  const { busy, start, finish } = useBusy<string>();

  async function load(): Promise<void> {
    setLoaded({ status: 'loading' });
    try {
      setLoaded({ status: 'ready', company: await readMyCompany() });
    } catch (error) {
      if (!leftForSignIn(error, BACK)) setLoaded({ status: 'failed', message: problemText(error) });
    }
  }

  /** Runs one change; answers whether it was done (a form then clears itself). */
  async function change(
    key: string,
    work: () => Promise<CompanyAnswer | null>,
    done: string,
  ): Promise<boolean> {
    if (!start(key)) return false;
    setSaid('');
    setRefused('');
    try {
      setLoaded({ status: 'ready', company: await work() });
      setSaid(done);
      return true;
    } catch (error) {
      if (!leftForSignIn(error, BACK)) setRefused(problemText(error));
      return false;
    } finally {
      finish();
    }
  }

  /** Runs an action that answers no company (the invitation): only what it said. */
  async function act(key: string, work: () => Promise<string>): Promise<boolean> {
    if (!start(key)) return false;
    setSaid('');
    setRefused('');
    try {
      setSaid(await work());
      return true;
    } catch (error) {
      if (!leftForSignIn(error, BACK)) setRefused(problemText(error));
      return false;
    } finally {
      finish();
    }
  }

  useEffect(() => {
    void load();
  }, []);

  return { loaded, said, refused, busy, change, act, reload: load };
}
