/** The door of features/guarantee for the server: what the rest of the shop may use of it that runs only in Node. */
export { certificateFileName, renderCertificatePdf } from './certificate-pdf.ts';
export type { CertificateShop } from './certificate-pdf.ts';
export { confirmationMail } from './confirmation-mail.ts';
export { orderedMachines } from './orders.server.ts';
export { registerMachine, RegistrationRefused } from './register.server.ts';
export type { RegisterDeps, RegistrationInput } from './register.server.ts';
export { guaranteeRecords, registrationSchema } from './registrations.server.ts';
export type { GuaranteeRecords, Registration } from './registrations.server.ts';
