/**
 * The checks `NegotiableQuoteManagement::create` runs before a cart becomes a negotiable quote over the
 * admin REST, in the order Adobe's `create` validator runs them (`new_quote`, `customer`, `files`,
 * `quote_totals`), each in its module's words. The first validator that objects answers; its messages go
 * out as Magento's `InputException` does (one message as the message, several under "Cannot create a B2B
 * quote."). Attachments are checked against the B2B defaults (`quote/attached_files/*`: these formats, 2 MB).
 */
import { actsForCompany, companyUser, quotesEnabled } from '../company/index.ts';
import type { QuoteRow } from '../carts/rows.ts';
import type { Database } from '../db.ts';
import { MagentoError, type ErrorParameters } from '../errors.ts';

interface Problem {
  readonly message: string;
  readonly parameters?: ErrorParameters;
}

export interface AttachedFile {
  readonly name: string;
  readonly data: string;
}

const ROW_ID = 'Row ID: %fieldName = %fieldValue';
const quoteIdOf = (cart: QuoteRow) => ({ fieldName: 'quoteId', fieldValue: cart.id });

const FILE_FORMATS = ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'txt', 'jpg', 'png', 'jpeg'];
const MAX_FILE_MB = 2;
// A name, one dot, an extension; no white space and no special symbol but a dash or an underscore.
const FILE_NAME = /^[^\s~`!@#$%^&*()+={}[\]|;:"',.?<>/\\]+\.[^\s~`!@#$%^&*()+={}[\]|;:"',.?<>/\\]+$/;

function newQuote(cart: QuoteRow, negotiable: boolean): Problem[] {
  if (!negotiable) return [];
  const message = `Invalid attribute %fieldName: A B2B quote for this quoteID already exists. ${ROW_ID}`;
  return [{ message, parameters: quoteIdOf(cart) }];
}

function customer(db: Database, cart: QuoteRow): Problem[] {
  const user = cart.customer_id === null ? undefined : companyUser(db, cart.customer_id);
  if (!user) {
    const message =
      'Invalid attribute %fieldName: Cannot create a B2B Quote for an individual user. ' +
      `The user must be a company member. ${ROW_ID}`;
    return [{ message, parameters: quoteIdOf(cart) }];
  }
  if (actsForCompany(user) && quotesEnabled(db, user.companyId)) return [];
  const message = `Invalid attribute %fieldName: Quoting is not allowed for this company. ${ROW_ID}`;
  return [{ message, parameters: quoteIdOf(cart) }];
}

function fileProblems(file: AttachedFile): Problem[] {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '') : '';
  const bytes = Buffer.from(file.data, 'base64').length;
  return [
    ...(FILE_FORMATS.includes(extension)
      ? []
      : [
          {
            message: '%fileType is not an allowed file type. Please select a different file.',
            parameters: { fileType: extension },
          },
        ]),
    ...(file.name.length <= 20 && FILE_NAME.test(file.name)
      ? []
      : [
          {
            message:
              'The maximum file name length is 20 characters. The only special symbols that are allowed in ' +
              `the file name are: dash and underscore. ${ROW_ID}`,
            parameters: { fieldName: 'name', fieldValue: file.name },
          },
        ]),
    ...(bytes <= MAX_FILE_MB * 1_048_576
      ? []
      : [
          {
            message: 'Cannot attach the file %filename. The maximum allowed file size is %size Mb.',
            parameters: { filename: file.name, size: MAX_FILE_MB },
          },
        ]),
  ];
}

function files(attached: readonly AttachedFile[]): Problem[] {
  if (attached.length > 10)
    return [
      { message: 'Cannot create the B2B quote. You cannot attach more than ten files per one request.' },
    ];
  return attached.flatMap(fileProblems);
}

const totals = (itemCount: number): Problem[] =>
  itemCount < 1 ? [{ message: 'Cannot create a B2B quote. You must provide one or more quote items.' }] : [];

/** Throws the first objecting validator's refusal (a 400), as `create` does. */
export function checkRequest(
  db: Database,
  request: {
    cart: QuoteRow;
    negotiable: boolean;
    files: readonly AttachedFile[];
    itemCount: number;
  },
): void {
  const validators = [
    () => newQuote(request.cart, request.negotiable),
    () => customer(db, request.cart),
    () => files(request.files),
    () => totals(request.itemCount),
  ];
  for (const validate of validators) {
    const problems = validate();
    const [only] = problems;
    if (!only) continue;
    if (problems.length === 1) throw new MagentoError(400, only.message, only.parameters);
    throw new MagentoError(400, 'Cannot create a B2B quote.', undefined, problems.map(withParameters));
  }
}

const withParameters = (problem: Problem) =>
  problem.parameters === undefined ? { message: problem.message } : problem;
