/**
 * The product page's delivery estimate's texts (format.ts), beside the code that writes them. Apart from features/shell/browser-texts.ts because that module is in the shell's chunk, which every page loads:
 * these load with the scripts that write them. They belong to strings.ts, which re-exports them, and follow
 * its rules: the spec's texts are marked and kept word for word.
 */
/**
 * Delivery days and times as the product page's estimate writes them (src/delivery/format.ts); the
 * page's other delivery texts are strings.ts `delivery`.
 */
export const deliveryTexts = {
  /** "Thursday 26 November". */
  day: (weekday: string, date: number, month: string) => `${weekday} ${date} ${month}`,
  /** The first day of a range within one month: "Wednesday 25". */
  dayOfMonth: (weekday: string, date: number) => `${weekday} ${date}`,
  range: (first: string, last: string) => `${first} – ${last}`,
  workingDays: (n: number) => (n === 1 ? '1 working day' : `${n} working days`),
  workingDayRange: (min: number, max: number) => `${min}–${max} working days`,
  am: (clock: string) => `${clock} am`,
  pm: (clock: string) => `${clock} pm`,
} as const;
