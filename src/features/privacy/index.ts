/** The door of features/privacy: what the rest of the shop may use of it (eslint/doors.js). */
export { accountDeletedMail } from './deleted-mail.ts';
export { DELETE_ACCOUNT_PATH, MY_DATA_PATH } from './my-data.ts';
export type { CustomerPayment, CustomerPayments, Forgotten } from '../../payments/views.ts';
