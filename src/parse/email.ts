/** An e-mail address as the spec accepts one: containing '@' and '.' (the forms' hint says so). */
export const isEmail = (value: string): boolean =>
  value.includes('@') && value.includes('.') && value.trim() !== '';
