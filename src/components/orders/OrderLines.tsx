/**
 * An order's lines as a table: each product with its picture and link while the shop still sells it (from
 * its facts; the name and prices always from the order), its sku, quantity, price and row total, and a
 * "Buy again" for that line alone.
 */
import { imageSrcset, imageUrl } from '../../catalogue/images.ts';
import type { OrderLine } from '../../features/orders/order.ts';
import { optionsText } from '../../magento/wire/item-options.ts';
import type { ProductFacts } from '../../features/product-data/index.ts';
import { strings } from '../../strings.ts';
import type { BuyAgain } from './use-buy-again.ts';

const t = strings.orders;

function Picture({ facts }: { facts: ProductFacts | undefined }) {
  return facts?.image ? (
    <img
      className="order-line__picture"
      src={imageUrl(facts.image.file, 160)}
      srcSet={imageSrcset(facts.image.file, 320)}
      sizes="64px"
      width={64}
      height={64}
      alt=""
      loading="lazy"
      decoding="async"
    />
  ) : (
    <span className="order-line__picture order-line__picture--none" aria-hidden="true" />
  );
}

function Product({ line, facts }: { line: OrderLine; facts: ProductFacts | undefined }) {
  // A configurable's line: its child's facts name the chosen options ("Volume: 5 l") and link to them.
  const options = line.options.length > 0 && facts?.parent ? optionsText(facts.parent.options) : '';
  return (
    <div className="order-line__product">
      <Picture facts={facts} />
      <span className="order-line__name">
        {facts ? <a href={facts.href}>{line.name}</a> : <span>{line.name}</span>}
        {line.options.length > 0 && (
          // Its room is kept while the facts load, so the table does not move when they come.
          <span className="order-line__options">{options || '\u00a0'}</span>
        )}
      </span>
    </div>
  );
}

function LinesHead() {
  return (
    <thead>
      <tr>
        <th scope="col">{t.product}</th>
        <th scope="col">{t.sku}</th>
        <th scope="col" className="order-lines__number">
          {t.qty}
        </th>
        <th scope="col" className="order-lines__number">
          {t.price}
        </th>
        <th scope="col" className="order-lines__number">
          {t.rowTotal}
        </th>
        <th scope="col" className="order-lines__again">
          <span className="visually-hidden">{t.buyAgain}</span>
        </th>
      </tr>
    </thead>
  );
}

interface LineProps {
  line: OrderLine;
  buying: BuyAgain;
  money: (amount: number) => string;
}

function Line({ line, buying, money }: LineProps) {
  return (
    <tr>
      <td data-label={t.product}>
        <Product line={line} facts={buying.facts.get(line.sku)} />
      </td>
      <td data-label={t.sku}>{line.sku}</td>
      <td data-label={t.qty} className="order-lines__number">
        {line.qty}
      </td>
      <td data-label={t.price} className="order-lines__number">
        {money(line.price)}
      </td>
      <td data-label={t.rowTotal} className="order-lines__number">
        {money(line.rowTotal)}
      </td>
      <td className="order-lines__again">
        <button
          type="button"
          className="button button--secondary order-lines__button"
          aria-disabled={buying.busy || undefined}
          onClick={() => void buying.again([line])}
        >
          {t.buyAgain}
          <span className="visually-hidden">: {line.name}</span>
        </button>
      </td>
    </tr>
  );
}

export function OrderLines({
  lines,
  buying,
  money,
}: Omit<LineProps, 'line'> & { lines: readonly OrderLine[] }) {
  return (
    <table className="order-lines">
      <caption className="visually-hidden">{t.items}</caption>
      <LinesHead />
      <tbody>
        {lines.map((line) => (
          <Line key={line.sku} line={line} buying={buying} money={money} />
        ))}
      </tbody>
    </table>
  );
}
