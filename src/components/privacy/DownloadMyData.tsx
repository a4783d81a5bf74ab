/**
 * "Download my data": one button that gathers the customer's data (with what this browser keeps) and
 * saves it as a JSON file. While it works the button says so; the outcome is announced, a failure with
 * the reason and the button to try again.
 */
import { useState } from 'react';
import { myDataFile } from '../../features/privacy/my-data-state.ts';
import { leftForSignIn } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import { MY_DATA_PAGE } from '../../shop-api/navigation.ts';
import { strings } from '../../strings.ts';
import { saveFile } from '../../ui/forms/save-file.ts';
import { useBusy } from '../../ui/forms/use-busy.ts';

const t = strings.myData;

export function DownloadMyData() {
  const { busy, start, finish } = useBusy();
  const [done, setDone] = useState('');
  const [error, setError] = useState('');

  async function download() {
    if (!start(true)) return;
    setDone('');
    setError('');
    try {
      saveFile(await myDataFile());
      setDone(t.downloaded);
    } catch (failure) {
      if (!leftForSignIn(failure, MY_DATA_PAGE)) setError(problemText(failure));
    } finally {
      finish();
    }
  }

  return (
    <section className="account-block privacy-block" aria-labelledby="download-my-data">
      <h2 id="download-my-data">{t.downloadTitle}</h2>
      <p>{t.downloadIntro}</p>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={() => void download()}
          aria-disabled={busy || undefined}
        >
          {busy ? t.downloading : t.download}
        </button>
      </div>
      <p className="privacy-done" role="status">
        {done}
      </p>
      <p className="form-error" role="alert">
        {error}
      </p>
    </section>
  );
}
