/** Adobe's uids of company entities: base64 of the id ("MQ==" for 1). */
import { encodeUid } from '../graphql/configurable.ts';

export const uidOf = (id: number): string => encodeUid(String(id));

/** The id a uid stands for, or undefined for one that is not base64 of a positive whole number. */
export function idOf(uid: string): number | undefined {
  const text = Buffer.from(uid, 'base64').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
}
