/**
 * Money is integer fen on the wire (docs/domain.md); people type and read yuan. The conversions work on
 * decimal strings so no binary floating point ever touches an amount: "0.29" * 100 would give
 * 28.999999999999996 fen, shifting the decimal point in the string gives exactly 29.
 */

const YUAN_RE = /^(-)?(\d*)(?:\.(\d*))?$/;

/**
 * A decimal times 100 as an integer: "1234.5" -> 123450. Digits past the second decimal are rounded
 * half up on the shifted string ("0.125" -> "12.5" -> 13). Undefined for empty or non-numeric input.
 * Serves yuan -> fen and percent -> basis points alike.
 */
export function toHundredths(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const s = (typeof value === 'number' ? numberToPlainString(value) : value).trim().replace(/,/g, '');
  const m = YUAN_RE.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const [, minus, whole, fraction = ''] = m;
  // Move the decimal point two places right inside the string: "12" + "34" + "." + "5".
  const cents = `${whole || '0'}${fraction.padEnd(2, '0').slice(0, 2)}.${fraction.slice(2) || '0'}`;
  const fen = Math.round(Number(cents));
  return minus && fen !== 0 ? -fen : fen;
}

/** An integer of hundredths as a two-decimal string without grouping: 123450 -> "1234.50". */
export function fromHundredths(n: number): string {
  const abs = Math.abs(Math.trunc(n));
  const s = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return n < 0 ? `-${s}` : s;
}

export const yuanToFen = toHundredths;
export const fenToYuan = fromHundredths;
/** Commission rates are entered in percent and stored in basis points (1% = 100 bp). */
export const percentToBp = toHundredths;
export const bpToPercent = fromHundredths;

/** 1250 -> "12.5%", 1000 -> "10%": trailing zeros of the decimals dropped. */
export function formatBp(bp: number | null | undefined): string {
  if (bp === null || bp === undefined || !Number.isFinite(bp)) return '-';
  return `${bpToPercent(bp).replace(/\.?0+$/, '')}%`;
}

/** 123450 -> "¥1,234.50"; -500 -> "-¥5.00". */
export function formatFen(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '-';
  const [whole, cents] = fenToYuan(Math.abs(fen)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fen < 0 ? '-' : ''}¥${grouped}.${cents}`;
}

/** A JS number as written, without exponent notation (1e21 and 1e-7 would break the string parse). */
function numberToPlainString(n: number): string {
  return Number.isFinite(n) ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : '';
}
