/**
 * Magento's web API error model: an exception with an HTTP status and an un-substituted phrase, rendered
 * as `{message, errors?, parameters?}` in that key order (CONTRACT.md §3.1). Every message here is one
 * Magento itself sends (§3.3), so clients written against real Magento behave the same against us.
 */

/** How a value reads inside a Magento phrase: PHP's string conversion (true is "1", false is ""). */
export const phpString = (value: unknown): string =>
  value === true
    ? '1'
    : value === false
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

export type ErrorParameters = Record<string, unknown> | unknown[];

export interface ErrorBody {
  message: string;
  errors?: { message: string; parameters?: ErrorParameters }[];
  parameters?: ErrorParameters;
}

export class MagentoError extends Error {
  readonly status: number;
  readonly parameters: ErrorParameters | undefined;
  readonly errors: { message: string; parameters?: ErrorParameters }[] | undefined;

  constructor(
    status: number,
    message: string,
    parameters?: ErrorParameters,
    errors?: { message: string; parameters?: ErrorParameters }[],
  ) {
    super(message);
    this.name = 'MagentoError';
    this.status = status;
    this.parameters = parameters;
    this.errors = errors;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { message: this.message };
    if (this.errors) body.errors = this.errors;
    if (this.parameters) body.parameters = this.parameters;
    return body;
  }
}

/**
 * A phrase as it reads with its parameters put in (`Phrase\Renderer\Placeholder`: `%1`, `%2`… for a list,
 * `%name` for named ones, by `strtr`: the longest placeholder first, each place replaced once).
 */
export function renderPhrase(message: string, parameters: ErrorParameters | undefined): string {
  const pairs = Array.isArray(parameters)
    ? parameters.map((value, index) => [`%${String(index + 1)}`, phpString(value)] as const)
    : Object.entries(parameters ?? {}).map(([key, value]) => [`%${key}`, phpString(value)] as const);
  if (pairs.length === 0) return message;
  const values = new Map<string, string>(pairs);
  const placeholders = [...values.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    placeholders.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  );
  return message.replace(pattern, (key) => values.get(key) ?? key);
}

/**
 * `CouldNotSaveException(__($e->getMessage()), $e)`: how the payment-information services rethrow what
 * placing the order refused. The message is the refusal's, rendered; no parameters, no errors; a 400,
 * whatever the refusal's status was.
 */
export const couldNotSave = (refused: MagentoError): MagentoError =>
  new MagentoError(400, renderPhrase(refused.message, refused.parameters));

const REQUIRED = '"%fieldName" is required. Enter and try again.';

export const errors = {
  routeNotFound: () => new MagentoError(404, 'Request does not match any route.'),
  unauthorized: (resources: string) =>
    new MagentoError(401, "The consumer isn't authorized to access %resources.", { resources }),
  invalidCredentials: () =>
    new MagentoError(
      401,
      'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.',
    ),
  noSuchEntity: (fieldName: string, fieldValue: unknown) =>
    new MagentoError(404, 'No such entity with %fieldName = %fieldValue', { fieldName, fieldValue }),
  noActiveCart: () => new MagentoError(404, 'Current customer does not have an active cart.'),
  productNotFound: () =>
    new MagentoError(404, "The product that was requested doesn't exist. Verify the product and try again."),
  productNotAvailable: () => new MagentoError(400, 'Product that you are trying to add is not available.'),
  invalidFieldValue: (fieldName: string, value: unknown) =>
    new MagentoError(400, 'Invalid value of "%value" provided for the %fieldName field.', {
      fieldName,
      value,
    }),
  qtyNotAvailable: () => new MagentoError(400, 'The requested qty is not available'),
  // InventorySales IsCorrectQtyCondition (2.4 with MSI): the checks a line's quantity meets before stock.
  qtyBelowMinSale: (min: number) => new MagentoError(400, `The fewest you may purchase is ${min}`),
  qtyAboveMaxSale: () =>
    new MagentoError(400, 'The requested qty exceeds the maximum qty allowed in shopping cart'),
  qtyNotDecimal: () => new MagentoError(400, 'You cannot use decimal quantity for this product.'),
  // ConfigurableProduct's Type\Configurable::_prepareProduct (COMMERCE-BASICS §3.3).
  chooseOptions: () => new MagentoError(400, 'You need to choose options for your item.'),
  cannotAddItem: () => new MagentoError(400, "You can't add the item to shopping cart."),
  cartItemNotFound: (quoteId: string, itemId: number | string) =>
    new MagentoError(404, "The %1 Cart doesn't contain the %2 item.", [quoteId, itemId]),
  emailExists: () =>
    new MagentoError(400, 'A customer with the same email address already exists in an associated website.'),
  passwordTooShort: (min: number) =>
    new MagentoError(400, 'The password needs at least %1 characters. Create a new password and try again.', [
      min,
    ]),
  // AccountManagement::checkPasswordStrength() [2.4].
  passwordTooLong: (max: number) =>
    new MagentoError(400, 'Please enter a password with at most %1 characters.', [max]),
  passwordSpaces: () =>
    new MagentoError(400, "The password can't begin or end with a space. Verify the password and try again."),
  passwordClasses: (min: number) =>
    new MagentoError(
      400,
      'Minimum of different classes of characters in password is %1. Classes of characters: Lower Case, Upper Case, Digits, Special Characters.',
      [min],
    ),
  /** One missing field is its own message; two or more are aggregated (CONTRACT.md §3.1). */
  required: (fieldNames: string[]) => {
    const [first] = fieldNames;
    if (fieldNames.length === 1 && first !== undefined) {
      return new MagentoError(400, REQUIRED, { fieldName: first });
    }
    return new MagentoError(
      400,
      'One or more input exceptions have occurred.',
      undefined,
      fieldNames.map((fieldName) => ({ message: REQUIRED, parameters: { fieldName } })),
    );
  },
  /**
   * A `Magento\Framework\Validator\Exception` built from validator messages: they are the message,
   * joined by PHP_EOL, with no parameters (lib/internal/Magento/Framework/Validator/Exception.php).
   */
  notValid: (messages: readonly string[]) => new MagentoError(400, messages.join('\n')),
  notSupportedField: (fieldName: string) =>
    new MagentoError(400, '"%fieldName" is not supported. Correct the field name and try again.', {
      fieldName,
    }),
  typeInvalid: (fieldName: string, value: unknown, type: string) =>
    new MagentoError(
      400,
      `Error occurred during "${fieldName}" processing. The "${phpString(value)}" value's type is invalid. The "${type}" type was expected. Verify and try again.`,
    ),
  /**
   * ServiceInputProcessor::convertCustomAttributeValue()'s refusals, wrapped by `_createFromArray()` with
   * the field's name and rethrown by `process()` as a WebapiException of the rendered text: no parameters.
   */
  customAttributeRefused: (details: string) =>
    new MagentoError(400, `Error occurred during "custom_attributes" processing. ${details}`),
  contentTypeEmpty: () => new MagentoError(400, 'Content-Type header is empty.'),
  contentTypeInvalid: () => new MagentoError(400, 'Content-Type header is invalid.'),
  charsetNotUtf8: () => new MagentoError(400, 'UTF-8 is the only supported charset.'),
  decodingError: () => new MagentoError(400, 'Decoding error.'),
  emptyCartShipping: () =>
    new MagentoError(
      400,
      "The shipping method can't be set for an empty cart. Add an item to cart and try again.",
    ),
  shippingAddressMissing: () =>
    new MagentoError(400, 'The shipping address is missing. Set the address and try again.'),
  carrierNotFound: (carrier: string, method: string) =>
    new MagentoError(404, 'Carrier with such method not found: %1, %2', [carrier, method]),
  shippingInfoNotSaved: () =>
    new MagentoError(
      400,
      'The shipping information was unable to be saved. Verify the input data and try again.',
    ),
  // ShippingInformationManagement: no method code, after the address was saved (NoSuchEntityException).
  shippingMethodNotFound: () =>
    new MagentoError(404, 'The shipping method is missing. Select the shipping method and try again.'),
  shippingMethodMissing: () =>
    new MagentoError(400, 'The shipping method is missing. Select the shipping method and try again.'),
  invalidPaymentMethod: () => new MagentoError(400, 'Enter a valid payment method and try again.'),
  // Quote/Model/PaymentMethodManagement::set and Quote/Model/Quote/Payment::importData.
  paymentMethodNotAvailable: () => new MagentoError(400, 'The requested Payment Method is not available.'),
  // QuoteValidator::validateBeforeSubmit: the rule's general message, then its validator's messages
  // joined by a space as %1 (ShippingAddressValidationRule, BillingAddressValidationRule).
  shippingAddressInvalid: (messages: readonly string[]) =>
    new MagentoError(400, 'Please check the shipping address information. %1', [messages.join(' ')]),
  billingAddressInvalid: (messages: readonly string[]) =>
    new MagentoError(400, 'Please check the billing address information. %1', [messages.join(' ')]),
  // ShippingMethodManagement::getList.
  shippingAddressNotSet: () => new MagentoError(400, 'Shipping address not set.'),
  // TotalsInformationManagement::validateQuote.
  totalsEmptyCart: () => new MagentoError(400, 'Totals calculation is not applicable to empty cart.'),
  // CouponManagement::set/remove (the quote id as the route gives it: a string for a guest's cart).
  cartWithoutProducts: (quoteId: string | number) =>
    new MagentoError(404, 'The "%1" Cart doesn\'t contain products.', [quoteId]),
  couponNotValid: () => new MagentoError(404, "The coupon code isn't valid. Verify the code and try again."),
  /** A bare `NoSuchEntityException` (RuleRepository, CouponRepository `getById`/`deleteById`). */
  noSuchEntityBare: () => new MagentoError(404, 'No such entity.'),
  /** `AbstractModel::validateData` as `ToModel::toModel` throws it: each message followed by "; ". */
  ruleNotValid: (messages: readonly string[]) =>
    new MagentoError(400, messages.map((message) => `${message}; `).join('')),
  /** CouponRepository::save wraps every refusal about the rule (the inner message already substituted). */
  couponNotSaved: (inner: string) => new MagentoError(400, 'Error occurred when saving coupon: %1', [inner]),
  /** `AbstractDb::_checkUnique` (salesrule_coupon's unique code). */
  alreadyExists: (what: string) => new MagentoError(400, '%1 already exists.', [what]),
  cartNotAnonymous: () =>
    new MagentoError(400, "The customer can't be assigned to the cart because the cart isn't anonymous."),
  assignWrongCustomer: () =>
    new MagentoError(400, "You don't have the correct permissions to assign the customer to the cart."),
  assignDifferentStore: () =>
    new MagentoError(
      400,
      "The customer can't be assigned to the cart. The cart belongs to a different store.",
    ),
  orderNotFound: () =>
    new MagentoError(404, "The entity that was requested doesn't exist. Verify the entity and try again."),
  sortDirection: () =>
    new MagentoError(
      400,
      'The sort order has to be specified as %1 for ascending order or %2 for descending order.',
      ['ASC', 'DESC'],
    ),
  sortField: (field: string) =>
    new MagentoError(400, 'Sort order field %1 contains restricted symbols', [field]),
  invalidConditionType: (type: string) => new MagentoError(400, 'Invalid condition type: %1', [type]),
  attributeNotFound: (code: string) =>
    new MagentoError(
      404,
      'The attribute with a "%1" attributeCode doesn\'t exist. Verify the attribute and try again.',
      [code],
    ),
  countryNotAvailable: () => new MagentoError(404, "The country isn't available."),
  requestTooLarge: () => new MagentoError(413, 'Request entity too large.'),
  internal: () =>
    new MagentoError(
      500,
      `Internal Error. Details are available in Magento log file. Report ID: webapi-${Date.now().toString(16)}`,
    ),
};

export const contentTypeUnsupported = (type: string) =>
  new MagentoError(400, 'Server cannot understand Content-Type HTTP header media type %1', [type]);
