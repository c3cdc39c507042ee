/**
 * Lists and record views show a customer's phone masked (DOMAIN.md): the first three and last four
 * digits stay, the middle four become "*". The full number is only answered by reveal-phone.
 */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
