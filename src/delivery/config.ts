/**
 * The shop's delivery and returns as the merchant describes them in `src/content/delivery.json`: the
 * carriers' methods (Magento's carrier and method codes, title, price incl VAT, transit in working days),
 * when an order is dispatched, the free-delivery threshold, the heaviest parcel, and the returns policy.
 *
 * Magento's carrier configuration (Stores > Configuration > Sales > Delivery Methods, and the table rates'
 * CSV) has no REST API, so the shop cannot read it: this file must be kept in step with it by hand. What a
 * basket actually pays is always Magento's figure; this file only says what product pages and search
 * engines are told.
 *
 * Typed by hand rather than inferred from a zod schema, so the browser's copy (the product page's
 * estimate) costs no zod: `config-schema.ts` checks the file against a schema of the same shape at build
 * time and in the unit tests, which also prove the two types agree.
 */
import file from '../content/delivery.json' with { type: 'json' };

/** A span of UK working days, e.g. transit of 2 to 3. */
export interface WorkingDayRange {
  min: number;
  max: number;
}

/** One of Magento's carrier methods, as the shop describes it. */
export interface DeliveryMethod {
  /** Magento's carrier code, e.g. `flatrate`. */
  carrierCode: string;
  /** Magento's method code, e.g. `flatrate`. */
  methodCode: string;
  /** What shoppers read, e.g. "Standard delivery" (Magento's carrier title). */
  title: string;
  /** GBP incl VAT; 0 is free. */
  price: number;
  /** Working days from dispatch to the door. */
  transitDays: WorkingDayRange;
}

/** The roles the shop's methods play: which one a product is offered is worked out in delivery.ts. */
export type DeliveryRole = 'standard' | 'freeStandard' | 'nextDay' | 'pallet';

export interface DeliveryConfig {
  /** ISO 3166-1 alpha-2 country delivered to, e.g. `GB`. */
  country: string;
  /** ISO 4217, e.g. `GBP`. */
  currency: string;
  /** From this subtotal (GBP incl VAT, after discounts) standard delivery is free. */
  freeDeliveryThreshold: number;
  /** The heaviest parcel in kg (inclusive); anything heavier goes by pallet. */
  parcelMaxWeightKg: number;
  dispatch: {
    /** `HH:MM`: orders on a working day before this count from that day, others from the next one. */
    cutOff: string;
    /** The IANA zone of `cutOff`; the bank holidays are England and Wales's, so `Europe/London`. */
    timeZone: string;
    /** Working days from the day an order counts from to the day it leaves (0: the same day). */
    workingDays: number;
  };
  methods: Record<DeliveryRole, DeliveryMethod>;
  /** Named as schema.org's MerchantReturnPolicy names them. */
  returns: {
    applicableCountry: string;
    merchantReturnDays: number;
    /** `FreeReturn`. */
    returnFees: string;
    /** `ReturnByMail`, `ReturnInStore` or `ReturnAtKiosk`. */
    returnMethod: string;
  };
}

export const deliveryConfig: DeliveryConfig = file;
