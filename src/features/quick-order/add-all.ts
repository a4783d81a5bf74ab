/**
 * What "Add all to basket" came to (quick-order-state.ts): a line for each row not left blank, saying what
 * was added or why not, a headline, and which rows stay, with Magento's refusal where it refused one.
 * Pure: the rows as judged and the basket's outcomes are given.
 */
import { problemText } from '../../shop-api/problem.ts';
import type { BasketAdd } from './rows.ts';
import type { RowView } from './row-view.ts';
import { quickOrderTexts as t } from './texts.ts';

/** What "Add all to basket" did: a headline, then a line for each row not left blank. */
export interface Summary {
  headline: string;
  lines: readonly { text: string; added: boolean }[];
  /** Whether anything went into the basket (the summary then links to it). */
  anyAdded: boolean;
}

/**
 * The summary, and the rows left by key: with a problem of their own (undefined), or refused by Magento
 * (what it said, as the shopper reads it). `ready` are the items sent to the basket, `outcomes` its answer
 * for each, in order.
 */
export function addOutcome(
  judged: readonly RowView[],
  ready: readonly BasketAdd[],
  outcomes: readonly PromiseSettledResult<void>[],
): { summary: Summary; left: Map<number, string | undefined> } {
  const lines: Summary['lines'][number][] = [];
  const left = new Map<number, string | undefined>();
  let added = 0;
  for (const { key, row, verdict } of judged) {
    if (verdict.kind === 'blank') continue;
    const result = verdict.kind === 'ready' ? outcomes[ready.indexOf(verdict.add)] : undefined;
    if (result?.status === 'fulfilled' && verdict.kind === 'ready') {
      added += 1;
      lines.push({ text: t.added(verdict.add.qty, verdict.add.name), added: true });
      continue;
    }
    const reason =
      verdict.kind === 'problem'
        ? verdict.message
        : problemText(result?.status === 'rejected' ? result.reason : undefined);
    lines.push({ text: t.notAdded(row.code.trim(), reason), added: false });
    left.set(key, verdict.kind === 'ready' ? reason : undefined);
  }
  const headline =
    lines.length === 0
      ? t.nothingToAdd
      : left.size === 0
        ? t.allAdded(added)
        : added === 0
          ? t.noneAdded
          : t.someAdded(added, left.size);
  return { summary: { headline, lines, anyAdded: added > 0 }, left };
}
