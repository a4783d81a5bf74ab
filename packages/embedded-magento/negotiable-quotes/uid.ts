/** Adobe's uids of comments, history entries and items: the id, base64-encoded ("MQ==" for 1). */
export const encodeUid = (id: number): string => Buffer.from(String(id)).toString('base64');

/** The id a uid stands for, or undefined for anything that is not one. */
export function decodeUid(uid: string): number | undefined {
  const text = Buffer.from(uid, 'base64').toString('utf8');
  return /^[1-9][0-9]*$/.test(text) && encodeUid(Number(text)) === uid ? Number(text) : undefined;
}
