/**
 * A property the query asks to sort by (issue 70): "quietest wet and dry vac", "lightest pressure washer",
 * "pressure washer with the largest tank", "cheapest steam cleaner". A superlative or comparative on a
 * property the catalogue holds is taken out of the words, and the products of the type the other words
 * name are sorted by it (answer.ts), the best first; the results page says so in a chip that removes it
 * ("Sorted by sound level, quietest first ×"), as it does the price a query asked for.
 *
 * Each property is a column of the records (the core's `columns`: the attributes Magento marks filterable
 * or sortable), or the price or the rating every record has. A property the shop's records do not carry
 * leaves the query as it was.
 */
import type { SearchCore } from './files.ts';

/** The price and the rating are in every record; the others are the core's `columns`. */
export const PRICE_PROPERTY = 'price';
export const RATING_PROPERTY = 'rating';

/** How the query asked to sort: a property, its direction, the chip's words and the query without it. */
export interface PropertySort {
  /** Column codes of the core's `columns`, or `price` or `rating`: the first the products have. */
  codes: readonly string[];
  direction: 'asc' | 'desc';
  /** The chip's words after "Sorted by": "sound level, quietest first". */
  label: string;
  /** As the shopper typed it ("quietest"). */
  typed: string;
  /** The query without it: where removing the sort leads. */
  rest: string;
}

interface Reading {
  /** The words that ask for it, as a pattern over the folded query (word boundaries added). */
  words: string;
  /** The property's codes, by preference: the products are sorted by the first any of them has. */
  codes: readonly string[];
  direction: 'asc' | 'desc';
  label: string;
}

const TANK = '(?:(?:[a-z]+ ){0,2}(?:tanks?|capacity))';
const CONTAINER = '(?:(?:[a-z]+ ){0,2}(?:containers?|hoppers?|bins?|bags?))';
const BIGGEST = '(?:largest|biggest|bigger|larger|big|large|huge|most)';
const PRESSURE = ['max_pressure_bar'];
const TANKS = ['tank_capacity_l', 'fresh_water_tank_l'];

/** The readings, most specific first ("largest tank" before "largest", "steam pressure" before "pressure"). */
const READINGS: readonly Reading[] = [
  {
    words: `${BIGGEST} ${CONTAINER}`,
    codes: ['container_volume_l', ...TANKS],
    direction: 'desc',
    label: 'container size, largest first',
  },
  {
    words: `${BIGGEST} ${TANK}|${TANK} (?:largest|biggest|bigger|larger)`,
    codes: TANKS,
    direction: 'desc',
    label: 'tank size, largest first',
  },
  {
    words: `(?:smallest|smaller) ${TANK}`,
    codes: TANKS,
    direction: 'asc',
    label: 'tank size, smallest first',
  },
  {
    words: '(?:longest|longer) (?:cables?|leads?|cords?)',
    codes: ['cable_length_m'],
    direction: 'desc',
    label: 'cable length, longest first',
  },
  {
    words: '(?:longest|longer) (?:run ?time|running time|battery life|lasting battery)',
    codes: ['battery_run_time_min'],
    direction: 'desc',
    label: 'battery run time, longest first',
  },
  {
    words: '(?:fastest|quickest|shortest) (?:charging|charge|charging time)',
    codes: ['charging_time_min'],
    direction: 'asc',
    label: 'charging time, shortest first',
  },
  {
    words: '(?:fastest|quickest) (?:heating|heat up|heating up|to heat up)|shortest heating time',
    codes: ['heating_time_min'],
    direction: 'asc',
    label: 'heating-up time, shortest first',
  },
  {
    words: '(?:longest|longer) (?:hoses?|high pressure hoses?)',
    codes: ['hose_length_m'],
    direction: 'desc',
    label: 'hose length, longest first',
  },
  {
    words: '(?:highest|most|more|higher|maximum|max|best) (?:flow|flow rate|water flow)',
    codes: ['flow_rate_lh'],
    direction: 'desc',
    label: 'flow rate, highest first',
  },
  {
    words: '(?:most|more|strongest|stronger|best|highest|powerful) suction',
    codes: ['vacuum_mbar', 'air_flow_ls'],
    direction: 'desc',
    label: 'suction, strongest first',
  },
  {
    words: '(?:highest|most|more|higher|maximum|max|strongest) steam pressure',
    codes: ['steam_pressure_bar'],
    direction: 'desc',
    label: 'steam pressure, highest first',
  },
  {
    words: '(?:highest|most|more|higher|maximum|max) (?:pressure|bar)',
    codes: PRESSURE,
    direction: 'desc',
    label: 'pressure, highest first',
  },
  {
    words: '(?:widest|wider|largest working width|widest cleaning path)',
    codes: ['working_width_mm'],
    direction: 'desc',
    label: 'working width, widest first',
  },
  {
    words: '(?:narrowest|narrower|slimmest|smallest working width)',
    codes: ['working_width_mm'],
    direction: 'asc',
    label: 'working width, narrowest first',
  },
  {
    words: '(?:fastest|quickest|most area|largest area|biggest area)',
    codes: ['area_performance_m2h'],
    direction: 'desc',
    label: 'area per hour, most first',
  },
  {
    words: '(?:quietest|quieter|most quiet|least noisy|less noisy|lowest noise|low noise|quiet|silent)',
    codes: ['sound_pressure_db'],
    direction: 'asc',
    label: 'sound level, quietest first',
  },
  {
    words: '(?:loudest|noisiest)',
    codes: ['sound_pressure_db'],
    direction: 'desc',
    label: 'sound level, loudest first',
  },
  {
    words: '(?:lightest|lighter|lightweight|light weight|least heavy)',
    codes: ['weight_kg'],
    direction: 'asc',
    label: 'weight, lightest first',
  },
  { words: '(?:heaviest|heavier)', codes: ['weight_kg'], direction: 'desc', label: 'weight, heaviest first' },
  {
    words: '(?:most powerful|more powerful|highest power|highest wattage|most watts|most wattage|powerful)',
    codes: ['power_w'],
    direction: 'desc',
    label: 'power, most powerful first',
  },
  {
    // What is strongest is the machine's own measure: a pressure washer's pressure, a vac's suction.
    words: '(?:strongest|stronger)',
    codes: [...PRESSURE, 'steam_pressure_bar', 'vacuum_mbar', 'power_w'],
    direction: 'desc',
    label: 'strength, strongest first',
  },
  {
    words: '(?:cheapest|cheaper|least expensive|lowest price|lowest priced|inexpensive|budget|cheap)',
    codes: [PRICE_PROPERTY],
    direction: 'asc',
    label: 'price, lowest first',
  },
  {
    words: '(?:most expensive|priciest|dearest|highest price)',
    codes: [PRICE_PROPERTY],
    direction: 'desc',
    label: 'price, highest first',
  },
  {
    words: '(?:best rated|top rated|highest rated|best reviewed|best review)',
    codes: [RATING_PROPERTY],
    direction: 'desc',
    label: 'rating, best first',
  },
];

/** The attributes the readings sort by: the build makes each a column of the records (build.ts). */
export const SORTED_PROPERTIES: ReadonlySet<string> = new Set(
  READINGS.flatMap((reading) => reading.codes).filter(
    (code) => code !== PRICE_PROPERTY && code !== RATING_PROPERTY,
  ),
);

/** Words around a reading that only join it to the rest ("the quietest", "with the largest tank"). */
const JOINING = '(?:(?:with|has|having) )?(?:(?:the|a) )?(?:one )?';

const patterns = READINGS.map(
  (reading) =>
    [reading, new RegExp(`(^|[^a-z0-9])${JOINING}(${reading.words})(?=$|[^a-z0-9])`, 'i')] as const,
);

/** Whether the records carry the property `codes` names (one of them). */
const carried = (core: Pick<SearchCore, 'columns'>, codes: readonly string[]): boolean =>
  codes.some((code) => code === PRICE_PROPERTY || code === RATING_PROPERTY || core.columns.includes(code));

/**
 * The sort a query asks for, if a property it names is one the records carry, and the words left to
 * match: `text` (the query read by query.ts) less its phrase; `query` is what was typed, for the chip's
 * link. Nothing is taken when the phrase would be all of the words ("cheap", "quiet").
 */
export function readSort(
  text: string,
  query: string,
  core: Pick<SearchCore, 'columns'>,
): { sort: PropertySort | null; text: string } {
  for (const [reading, pattern] of patterns) {
    if (!carried(core, reading.codes)) continue;
    const found = pattern.exec(text);
    if (!found) continue;
    const left = `${text.slice(0, found.index)}${found[1] ?? ''} ${text.slice(found.index + found[0].length)}`;
    if (!/[a-z0-9]/i.test(left)) return { sort: null, text };
    const typed = found[2] ?? '';
    const inQuery = pattern.exec(query);
    const rest = inQuery
      ? `${query.slice(0, inQuery.index)}${inQuery[1] ?? ''} ${query.slice(inQuery.index + inQuery[0].length)}`
      : query;
    return {
      sort: {
        codes: reading.codes,
        direction: reading.direction,
        label: reading.label,
        typed,
        rest: tidy(rest),
      },
      text: tidy(left),
    };
  }
  return { sort: null, text };
}

const tidy = (text: string): string => text.replace(/\s+/g, ' ').trim();
