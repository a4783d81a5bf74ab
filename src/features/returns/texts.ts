/**
 * The returns' texts: the return form from an order (signed in or found by the guest order lookup), why a
 * line cannot be returned, the confirmation, "Your returns" and one return's page. Gathered by src/strings.ts.
 */

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const day = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
};

/** "unopened", "unopened or damaged": the conditions a line may come back in, as a shopper reads them. */
const either = (labels: readonly string[]): string =>
  labels.length <= 1
    ? (labels[0] ?? '').toLowerCase()
    : `${labels
        .slice(0, -1)
        .map((label) => label.toLowerCase())
        .join(', ')} or ${(labels.at(-1) ?? '').toLowerCase()}`;

export const returnTexts = {
  returnItems: 'Return items',
  formTitle: (order: string) => `Return items from order ${order}`,
  formIntro:
    'Choose what you are sending back and how many, the condition each is in, why you are returning them and what you would like us to do. A paid order we have not dispatched yet is cancelled the same way.',
  loadingForm: 'Loading what can be returned…',
  item: 'Item',
  ordered: 'Ordered',
  quantity: (name: string) => `How many of ${name} to return`,
  quantityHint: (most: number) => (most === 1 ? 'Up to 1' : `Up to ${most}`),
  condition: (name: string) => `Condition of ${name}`,
  chooseCondition: 'Choose a condition',
  onlyIn: (category: string, allowed: readonly string[]) =>
    `${category} can only be returned ${either(allowed)}.`,
  reason: 'Why are you returning these items?',
  chooseReason: 'Choose a reason',
  resolution: 'What would you like us to do?',
  /**
   * The store's resolution types as a shopper's wish, by the module's codes (its labels "Return" and
   * "Exchange" are the merchant's words); another code keeps the store's label.
   */
  wishes: { return: 'A refund', exchange: 'A replacement', repair: 'A repair' } as Readonly<
    Record<string, string>
  >,
  lines: 'Items to return',
  notReturnable: 'Not returnable',
  send: 'Send return request',
  sending: 'Sending…',
  cancel: 'Cancel',
  problemsTitle: 'There is a problem with your return',
  /** Why a line cannot be returned, shown beside it. */
  why: {
    allInReturns: 'Every one of these is already in a return.',
    windowEnded: (days: number, ended: string) => `The ${days} days to return this ended on ${day(ended)}.`,
    noReturns: 'This item cannot be returned.',
    orderStatus: (status: string) => `Items of an order that is ${status.toLowerCase()} cannot be returned.`,
  },
  /** What is wrong with a return as sent, and how to put it right. */
  problem: {
    noLines: 'Choose at least one item to return: set how many of it to send back.',
    reason: 'Choose why you are returning these items.',
    resolution: 'Choose what you would like us to do: a refund, a replacement or a repair.',
    notInOrder: 'One of the items is not in this order. Reload the page and choose again.',
    wholeNumber: (name: string) => `Enter how many of ${name} to return as a whole number, e.g. 1.`,
    tooMany: (name: string, most: number, inReturns: number) =>
      inReturns > 0
        ? `You can return at most ${most} of ${name}: ${inReturns} already ${inReturns === 1 ? 'is' : 'are'} in a return.`
        : `You can return at most ${most} of ${name}: that is how many you bought.`,
    notReturnable: (name: string, why: string) => `${name} cannot be returned. ${why}`,
    condition: (name: string) => `Choose the condition ${name} is in.`,
    conditionNotAllowed: (name: string, category: string, allowed: readonly string[]) =>
      `${name} cannot be returned in that condition: ${category.toLowerCase()} can only be returned ${either(allowed)}.`,
  },
  sent: 'Return requested',
  sentText: (number: string) =>
    `Your return ${number} has been requested. We have e-mailed you its details and will tell you when its status changes.`,
  viewReturn: 'View the return',
  /** Your returns, one return. */
  myReturns: 'Your returns',
  noScript: 'Your returns need JavaScript: please turn it on to see them.',
  loadingReturns: 'Loading your returns…',
  noReturns: 'You have not asked to return anything yet. To return items, open the order from My orders.',
  returnNumber: 'Return',
  order: 'Order',
  requested: 'Requested',
  status: 'Status',
  view: (number: string) => `View return ${number}`,
  returnTitle: (number: string) => `Return ${number}`,
  loadingReturn: 'Loading the return…',
  returnNotFound: 'We could not find this return in your account.',
  backToReturns: 'Back to Your returns',
  wish: 'You asked for',
  reasonGiven: 'Reason',
  items: 'Items',
  qty: 'Quantity',
  conditionColumn: 'Condition',
  comments: 'Comments',
  noComments: 'No comments yet.',
  fromUs: 'From us',
  fromYou: 'You',
  addComment: 'Add a comment',
  commentLabel: 'Your comment',
  commentHint: 'Up to 2000 characters. We will reply here.',
  commentEmpty: 'Type your comment before sending it.',
  commentTooLong: 'Your comment is longer than 2000 characters. Shorten it and send it again.',
  sendComment: 'Send comment',
  commentSent: 'Your comment has been added.',
  /** The server's refusals. */
  signIn: 'Please sign in to see your returns.',
  unavailable: "Returns can't be reached right now. Please try again in a few minutes.",
  orderNotFound: 'We could not find this order.',
  notFound: 'We could not find this return.',
  badRequest:
    'Send the return as {"reason": id, "resolution": id, "lines": [{"orderItemId": id, "qty": n, "condition": id}]}.',
  badComment: 'Send the comment as {"comment": "…"}, up to 2000 characters.',
  busy: 'A return for this order is being sent already. Wait a moment and look at Your returns.',
  refused: (message: string) => `The shop could not accept this return: ${message}`,
} as const;

export const returnsOurs = { returns: returnTexts } as const;

/** A resolution type as the shopper reads it: their wish for the store's code, else the store's label. */
export const wishText = (choice: {
  readonly code?: string | null | undefined;
  readonly label?: string | null | undefined;
}): string =>
  (choice.code ? returnTexts.wishes[choice.code] : undefined) ?? choice.label ?? choice.code ?? '';
