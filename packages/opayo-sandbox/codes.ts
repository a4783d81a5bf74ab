/**
 * The `NNNN : text` StatusDetail values the sandbox sends, worded as Opayo words them (academe/SagePay
 * `error-codes.tsv`, cited as ACA in contracts/payment/opayo-server-4.00.md §2.2, §3.2). Typos such as
 * "mininum" are Opayo's own and kept, so a bridge that logs them matches what the real gateway says.
 */

/** A registration refusal: MALFORMED for a missing field, INVALID for a wrong value (§2.2). */
export interface Refusal {
  readonly status: 'MALFORMED' | 'INVALID';
  readonly code: string;
  readonly text: string;
}

export const detail = (code: string, text: string): string => `${code} : ${text}`;

export const malformed = (code: string, text: string): Refusal => ({ status: 'MALFORMED', code, text });
export const invalid = (code: string, text: string): Refusal => ({ status: 'INVALID', code, text });

/** StatusDetail of registration replies and notifications. */
export const DETAIL = {
  registered: detail('2014', 'The Transaction was Registered Successfully.'),
  authorised: detail('0000', 'The Authorisation was Successful.'),
  declined: detail('2000', 'The Authorisation was Declined by the bank.'),
  /** Three failed card entries, or the AVS/CV2 rules (ACA 2001). */
  rejectedByRules: detail('2001', 'The Authorisation was Rejected by the vendor rule-base.'),
  cancelled: detail('2013', 'The Transaction was cancelled by the customer.'),
  threeDSecureFailed: detail(
    '4026',
    "3D-Authentication failed. This vendor's rules require a successful 3D-Authentication.",
  ),
  noRedirect: detail(
    '5006',
    "Unable to redirect to Vendor's web site. The Vendor failed to provide a RedirectionURL.",
  ),
} as const;

export const REFUSALS = {
  invalidIp: invalid('4020', 'Information received from an Invalid IP address.'),
  protocolMissing: malformed('3096', 'The VPSProtocol value is required.'),
  protocolInvalid: invalid('3095', 'The VPSProtocol value is invalid.'),
  protocolUnsupported: invalid('3098', 'The VPSProtocol value is not supported by the system in use.'),
  txTypeMissing: malformed('3039', 'The TxType or PaymentType is missing.'),
  txTypeInvalid: invalid('3014', 'The TxType or PaymentType is invalid.'),
  txTypeNotSupported: invalid('4006', 'The TxType requested is not supported on this account.'),
  vendorMissing: malformed('3034', 'The Vendor or VendorName value is required.'),
  vendorFormat: invalid('3008', 'The Vendor or Vendorname format is invalid.'),
  vendorUnknown: invalid('4000', 'The VendorName is invalid or the account is not active.'),
  vendorTxCodeMissing: malformed('3009', 'The VendorTxCode is missing.'),
  vendorTxCodeTooLong: invalid('3080', 'The VendorTxCode value is too long.'),
  vendorTxCodeFormat: invalid('3035', 'The VendorTxCode format is invalid.'),
  amountMissing: malformed('3031', 'The Amount value is required.'),
  amountFormat: invalid('3004', 'The Amount is invalid.'),
  amountRange: invalid('3005', 'The Amount is outside the mininum and maximum limits.'),
  currencyMissing: malformed('3045', 'The Currency field is missing.'),
  currencyInvalid: invalid('3003', 'The Currency is invalid.'),
  currencyNotSupported: invalid('4008', 'The Currency is not supported on this account.'),
  descriptionMissing: malformed('3013', 'The Description is missing.'),
  descriptionTooLong: invalid('3082', 'The Description value is too long.'),
  descriptionFormat: invalid('3036', 'The Description format is invalid.'),
  notificationUrlMissing: malformed('3076', 'The NotificationURL is required.'),
  notificationUrlTooLong: invalid('3037', 'The NotificationURL is too long.'),
  notificationUrlFormat: invalid('3011', 'The NotificationURL format is invalid.'),
  emailTooLong: invalid('3022', 'The CustomerEMail is too long.'),
  emailFormat: invalid('3078', 'The CustomerEMail format is invalid.'),
  twoBaskets: invalid('3194', 'Must have only one basket field specified'),
  basketTooLong: invalid('3041', 'The Basket field is too long.'),
  basketFormat: invalid('3021', 'The Basket format is invalid.'),
  basketSums: invalid('3195', 'The line item amount details do not add up correctly.'),
  basketXmlTooLong: invalid('3177', 'The Basket XML is too long.'),
  customerXmlTooLong: invalid('3176', 'The Customer XML is too long.'),
  surchargeXmlTooLong: invalid('3175', 'The Surcharge XML is too long.'),
  vendorDataTooLong: invalid('3178', 'The Vendor Data is too long.'),
  vendorDataFormat: invalid('3189', 'The vendor data is invalid.'),
  referrerIdTooLong: invalid('3134', 'The ReferrerID value is too long.'),
  websiteTooLong: invalid('3187', 'The website reference is too long.'),
  giftAid: invalid(
    '3018',
    'The GiftAid flag is invalid. If a value is supplied, should contain either 0 or 1.',
  ),
  applyAvsCv2: invalid(
    '3019',
    'The ApplyAVSCV2 flag is invalid. The value, if supplied, should contain either 0, 1, 2 or 3.',
  ),
  apply3DSecure: invalid(
    '3020',
    'The Apply3DSecure flag is invalid. The value, if supplied, should contain either 0, 1, 2 or 3.',
  ),
  profile: invalid('3146', 'The Profile value is invalid.'),
  accountTypeInvalid: invalid('3100', 'The AccountType value is invalid.'),
  accountTypeNotSetUp: invalid('3099', 'The AccountType is not setup on this account.'),
  createToken: invalid('3172', 'The create token value is invalid, should be either 1 or 0.'),
  storeToken: invalid(
    '3191',
    'The storetoken value is invalid, If a value is supplied, should contain either 0 or 1.',
  ),
  billingAgreement: invalid(
    '3167',
    'The BillingAgreement flag is invalid. If a value is supplied, should contain either 0 or 1.',
  ),
  clientIpTooLong: invalid('3067', 'The ClientIPAddress is too long.'),
  clientIpFormat: invalid(
    '3079',
    "The ClientIPAddress format is invalid. Should not include leading zero's, and only include values in the range of 0 to 255.",
  ),
  repeatAmountDiffers: malformed(
    '4002',
    'An active transaction with this VendorTxCode has been found but the Amount is different.',
  ),
  repeatCurrencyDiffers: malformed(
    '4003',
    'An active transaction with this VendorTxCode has been found but the Currency is different.',
  ),
  vendorTxCodeUsed: invalid(
    '4042',
    'The VendorTxCode has been used before for another transaction.  All VendorTxCodes must be unique.',
  ),
} as const;

/** The codes of one address block (ACA 3107–3148, 5037–5055); `Billing` and `Delivery` differ. */
export interface AddressRefusals {
  readonly surnameMissing: Refusal;
  readonly surnameTooLong: Refusal;
  readonly surnameChars: Refusal;
  readonly firstnamesMissing: Refusal;
  readonly firstnamesTooLong: Refusal;
  readonly firstnamesChars: Refusal;
  readonly address1Missing: Refusal;
  readonly address1TooLong: Refusal;
  readonly address1Chars: Refusal;
  readonly address2TooLong: Refusal;
  readonly address2Chars: Refusal;
  readonly address3TooLong: Refusal;
  readonly cityMissing: Refusal;
  readonly cityTooLong: Refusal;
  readonly cityChars: Refusal;
  readonly countryMissing: Refusal;
  readonly countryTooLong: Refusal;
  readonly countryInvalid: Refusal;
  readonly postCodeMissing: Refusal;
  readonly postCodeTooLong: Refusal;
  readonly postCodeChars: Refusal;
  readonly stateMissing: Refusal;
  readonly stateTooLong: Refusal;
  readonly stateFormat: Refusal;
  readonly phoneTooLong: Refusal;
  readonly phoneChars: Refusal;
}

const postCodeChars = invalid('5055', 'A Postcode field contains invalid characters.');

export const BILLING_REFUSALS: AddressRefusals = {
  surnameMissing: malformed('3107', 'The BillingSurname field is required.'),
  surnameTooLong: invalid('3108', 'The BillingSurname value is too long.'),
  surnameChars: invalid('5040', 'The Billing Surname contains invalid characters.'),
  firstnamesMissing: malformed('3109', 'The BillingFirstnames field is required.'),
  firstnamesTooLong: invalid('3110', 'The BillingFirstnames value is Too long.'),
  firstnamesChars: invalid('5041', 'The Billing Firstname contains invalid characters.'),
  address1Missing: malformed('3111', 'The BillingAddress1 field is required.'),
  address1TooLong: invalid('3112', 'The BillingAddress1 value is Too long.'),
  address1Chars: invalid('5042', 'The Billing Address1 contains invalid characters.'),
  address2TooLong: invalid('3113', 'The BillingAddress2 value is Too long.'),
  address2Chars: invalid('5043', 'The Billing Address2 contains invalid characters.'),
  // Address3 is new in 4.00 and has no code of its own in the lists found; this is the block's code.
  address3TooLong: invalid('3028', 'The BillingAddress is too long.'),
  cityMissing: malformed('3114', 'The BillingCity field is required.'),
  cityTooLong: invalid('3115', 'The BillingCity value is Too long.'),
  cityChars: invalid('5044', 'The Billing City contains invalid characters.'),
  countryMissing: malformed('3117', 'The BillingCountry field is required.'),
  countryTooLong: invalid('3145', 'The BillingCountry value is too long.'),
  countryInvalid: invalid('3141', 'The BillingCountry value is invalid.'),
  postCodeMissing: malformed('3090', 'The BillingPostCode is required.'),
  postCodeTooLong: invalid('3016', 'The BillingPostCode value is too long.'),
  postCodeChars,
  stateMissing: malformed('3147', 'The BillingState field is required.'),
  stateTooLong: invalid('3130', 'The BillingState value is too long.'),
  stateFormat: invalid('3138', 'The BillingState format is invalid.'),
  phoneTooLong: invalid('3131', 'The BillingPhone value is too long.'),
  phoneChars: invalid('5045', 'The Billing Phone contains invalid characters.'),
};

export const DELIVERY_REFUSALS: AddressRefusals = {
  surnameMissing: malformed('3118', 'The DeliverySurname field is required.'),
  surnameTooLong: invalid('3119', 'The DeliverySurname value is Too long.'),
  surnameChars: invalid('5046', 'The Delivery Surname contains invalid characters.'),
  firstnamesMissing: malformed('3120', 'The DeliveryFirstnames field is required.'),
  firstnamesTooLong: invalid('3121', 'The DeliveryFirstnames value is Too long.'),
  firstnamesChars: invalid('5047', 'The Delivery Firstname contains invalid characters.'),
  address1Missing: malformed('3122', 'The DeliveryAddress1 field is required.'),
  address1TooLong: invalid('3123', 'The DeliveryAddress1 value is too long.'),
  address1Chars: invalid('5048', 'The Delivery Address1 contains invalid characters.'),
  address2TooLong: invalid('3124', 'The DeliveryAddress2 value is too long.'),
  address2Chars: invalid('5049', 'The Delivery Address2 contains invalid characters.'),
  address3TooLong: invalid('3026', 'The DeliveryAddress is too long.'),
  // No "DeliveryCity is required" text was found in the code lists; 3144 is the nearest real one.
  cityMissing: malformed('3144', 'The Delivery information is required.'),
  cityTooLong: invalid('3126', 'The DeliveryCity value is too long.'),
  cityChars: invalid('5039', 'The Delivery City contains invalid characters.'),
  countryMissing: malformed('3128', 'The DeliveryCountry field is required.'),
  countryTooLong: invalid('3129', 'The DeliveryCountry value is too long.'),
  countryInvalid: invalid('3140', 'The DeliveryCountry value is invalid.'),
  postCodeMissing: malformed('3094', 'The DeliveryPostcode is required.'),
  postCodeTooLong: invalid('3025', 'The DeliveryPostCode is too long.'),
  postCodeChars,
  stateMissing: malformed('3148', 'The DeliveryState field is required.'),
  stateTooLong: invalid('3132', 'The DeliveryState value is too long.'),
  stateFormat: invalid('3139', 'The DeliveryState format is invalid.'),
  phoneTooLong: invalid('3133', 'The DeliveryPhone value is too long.'),
  phoneChars: invalid('5038', 'The Delivery Phone contains invalid characters.'),
};
