/** The scenarios in the order they run (topology.md §6, adapted): each leaves the topology whole. */
import type { Scenario } from '../scenario.ts';
import { smoke } from './smoke.ts';

export const SCENARIOS: readonly Scenario[] = [smoke];
