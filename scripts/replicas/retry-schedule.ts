/**
 * The sandboxes' compressed retry clock for the replicas' test (`--retry-ms`, default 1, 2, 3 then every
 * 5 s): Opayo's and PayPal's own schedules would make a scenario that waits for a redelivery last minutes.
 */
import { parseArgs } from 'node:util';

/** The `--retry-ms` of this process's arguments, in milliseconds; throws what is wrong with it. */
export function retryScheduleFromArgs(): number[] {
  const { values } = parseArgs({
    options: { 'retry-ms': { type: 'string', default: `1000,2000,3000,${Array(40).fill(5000).join(',')}` } },
  });
  const schedule = (values['retry-ms'] ?? '').split(',').map(Number);
  if (schedule.some((ms) => !Number.isInteger(ms) || ms <= 0))
    throw new Error('--retry-ms takes milliseconds separated by commas, e.g. 1000,2000,5000');
  return schedule;
}
