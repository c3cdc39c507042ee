/**
 * Lists and record views show a customer's phone masked (docs/domain.md): the first three and last four
 * digits stay, the middle four become "*". The full number is only answered by reveal-phone.
 */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** The same record with its phone masked, as lists and record views answer it. */
export function withMaskedPhone<T extends { phone: string }>(row: T): T {
  return { ...row, phone: maskPhone(row.phone) };
}
