/** The door of features/privacy for the server: what the rest of the shop may use of it that runs only in Node. */
export { checkPassword, customerOf, deleteAccount, gatherMyData, WrongPassword } from './my-data.server.ts';
export type { MyDataSources } from './my-data.server.ts';
