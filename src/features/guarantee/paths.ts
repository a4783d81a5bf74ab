/** Where guarantee registration lives on the site and on the storefront server (pages, e-mail, links). */

/** The registration page (signed-in), with the registrations listed. */
export const REGISTER_MACHINE_PATH = '/customer/register-machine';

/** The registration page with the model filled in, as a machine's product page links to it. */
export const registerMachinePath = (model: string): string =>
  `${REGISTER_MACHINE_PATH}?model=${encodeURIComponent(model)}`;

export const REGISTRATIONS_API = '/guarantee/registrations';
export const ORDERED_MACHINES_API = '/guarantee/ordered';

/** The certificate's download. */
export const certificatePath = (certificate: string): string =>
  `${REGISTRATIONS_API}/${encodeURIComponent(certificate)}/certificate.pdf`;
