/**
 * The customer's count of machines last read in this browser session (sessionStorage, as the header's counts
 * are): what hint.ts answers for a customer without asking. Its own tiny module, so sign-out (in every page's
 * shell) can forget it without bringing anything else of My machines into the shell.
 */
import { sessionCount } from '../../shop-api/session-count.ts';

export const customerMachinesCount = sessionCount('myMachinesCount');
