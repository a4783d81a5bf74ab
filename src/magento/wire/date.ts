/** Magento's timestamps (`created_at`, `updated_at`): `YYYY-MM-DD HH:MM:SS` in UTC, with no zone on the wire. */

/** The timestamp as epoch milliseconds; NaN when it is not one. */
export const magentoTime = (text: string): number => Date.parse(`${text.replace(' ', 'T')}Z`);
