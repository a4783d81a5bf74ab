/** My Account's way to the customer's data and privacy: download it, or delete the account. */
import { strings } from '../../strings.ts';
import { MY_DATA_PAGE } from '../../shop-api/navigation.ts';

const t = strings.myData;

export function MyDataBlock() {
  return (
    <section className="account-block" aria-labelledby="my-data-privacy">
      <h2 id="my-data-privacy">{t.title}</h2>
      <p>{t.accountBlock}</p>
      <a href={MY_DATA_PAGE}>{t.accountLink}</a>
    </section>
  );
}
