import { theme, type ThemeConfig } from 'antd';
import { AA_TEXT, contrastRatio, mix, readableOn } from './contrast';

/**
 * The console's colours, chosen for WCAG 2.1 AA (4.5:1 for text, 3:1 for large text and the parts of
 * a control) in the light and the dark theme; every page takes them from here, through antd's tokens
 * or the --app-* CSS variables (docs/accessibility.md).
 */
export type ThemeMode = 'light' | 'dark';

/** The surfaces text sits on: antd's container and layout backgrounds, and the dark theme's raised one (dialogs, drawers, menus). */
export const BACKGROUNDS: Record<ThemeMode, readonly string[]> = {
  light: ['#ffffff', '#f5f5f5'],
  dark: ['#141414', '#000000', '#1f1f1f'],
};

/** Grey text is black (light) or white (dark) ink at an opacity over the background, as antd's is. */
export const INK: Record<ThemeMode, string> = { light: '#000000', dark: '#ffffff' };

/**
 * The opacities of secondary and tertiary text: antd's tertiary 0.45 gave #8c8c8c, 3.36:1 on white;
 * these pass on every background above.
 */
export const TEXT_OPACITY: Record<ThemeMode, { secondary: number; tertiary: number }> = {
  light: { secondary: 0.65, tertiary: 0.56 },
  dark: { secondary: 0.65, tertiary: 0.5 },
};

function ink(mode: ThemeMode, opacity: number): string {
  const channel = mode === 'dark' ? 255 : 0;
  return `rgba(${channel}, ${channel}, ${channel}, ${opacity})`;
}

/** The error red: antd's #ff4d4f, 3.26:1 on white (驳回, 取消订单), made readable like the theme colour. */
const ERROR_SEED = '#ff4d4f';
/** antd's warning amber (#faad14, 1.9:1 on white) and success green (#52c41a, 2.3:1), for the texts that use them (未结账, 未签署同意书). */
const WARNING_SEED = '#faad14';
const SUCCESS_SEED = '#52c41a';

/** What a dark theme's solid primary and danger buttons write on their light fill. */
const DARK_ON_SOLID = '#141414';

const ALGORITHMS = { light: theme.defaultAlgorithm, dark: theme.darkAlgorithm };

export interface ThemeColors {
  /** The seed given to antd for the theme colour: primary buttons, selected items, links. */
  primary: string;
  /** A hovered link, or a hovered button's fill: antd's hover shade (lighter in the light theme, 3.65:1 for #165DFF) made readable. */
  primaryHover: string;
  error: string;
  errorHover: string;
  warning: string;
  success: string;
  textSecondary: string;
  textTertiary: string;
  /** The text on a solid primary or danger fill. */
  onSolid: string;
  /** The text of the selected menu item, on antd's light tint of the theme colour (colorPrimaryBg). */
  selectedText: string;
  /** A selected table row's background. */
  selectedRow: string;
}

/**
 * The colours antd's algorithm makes of a seed: its colorPrimary (the dark one darkens the seed: #165DFF
 * gives #1652dc), colorPrimaryBg and colorPrimaryHover (the same steps make an error seed's colours).
 */
export function algorithmColors(mode: ThemeMode, seed: string): { primary: string; primaryBg: string; primaryHover: string } {
  const token = ALGORITHMS[mode]({ ...theme.defaultSeed, colorPrimary: seed });
  return { primary: token.colorPrimary, primaryBg: token.colorPrimaryBg, primaryHover: token.colorPrimaryHover };
}

const readableSeeds = new Map<string, string>();

/**
 * The seed, or the least mix of it towards black (light theme) or white (dark theme), in steps of 2 %,
 * whose colour after antd's algorithm reads at 4.5:1 on every background of the theme. The mix only
 * gains contrast as it grows, so the step is found by halving (antd's algorithm is slow to run 50 times).
 */
export function readableSeed(mode: ThemeMode, color: string): string {
  const key = `${mode}${color}`;
  const known = readableSeeds.get(key);
  if (known) return known;
  // Step 0 is the pick itself, as it was written.
  const seedAt = (step: number) => (step === 0 ? color : mix(color, INK[mode], step / 50));
  const readableAt = (step: number) => isReadable(mode, algorithmColors(mode, seedAt(step)).primary);
  let [low, high] = [0, 50];
  if (readableAt(low)) high = low;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (readableAt(middle)) high = middle;
    else low = middle;
  }
  const seed = seedAt(high);
  readableSeeds.set(key, seed);
  return seed;
}

/** Whether a colour reads at 4.5:1 as text on every background of the theme. */
export function isReadable(mode: ThemeMode, color: string): boolean {
  return BACKGROUNDS[mode].every((bg) => contrastRatio(color, bg) >= AA_TEXT);
}

/**
 * A selected table row: the strongest tint of the theme colour on the page background that stays as
 * far from the ink as the theme's greyest background, so every colour that reads there reads on the
 * row too. antd's tint (colorPrimaryBg) took the error red to 4.43:1 and, in the dark theme, links to 3.03:1.
 */
export function selectedRowColor(mode: ThemeMode, primary: string): string {
  const [page, ...others] = BACKGROUNDS[mode];
  const limit = Math.min(...others.map((bg) => contrastRatio(bg, INK[mode])));
  for (let share = 0.1; share > 0; share -= 0.01) {
    const tint = mix(page, primary, share);
    if (contrastRatio(tint, INK[mode]) >= limit) return tint;
  }
  return page;
}

/**
 * The colours for a theme and the picked theme colour. The pick is darkened (light theme) or
 * lightened (dark theme) only when it does not read at 4.5:1: it is both the text of links and the
 * fill of primary buttons, under white text in the light theme (the same ratio, against white) and
 * under dark text in the dark one.
 */
export function themeColors(mode: ThemeMode, themeColor: string): ThemeColors {
  const primary = readableSeed(mode, themeColor);
  const made = algorithmColors(mode, primary);
  const error = readableSeed(mode, ERROR_SEED);
  const readableHover = (seed: string) => readableOn(algorithmColors(mode, seed).primaryHover, BACKGROUNDS[mode], INK[mode]);
  return {
    primary,
    primaryHover: readableHover(primary),
    selectedText: readableOn(made.primary, [made.primaryBg], INK[mode]),
    selectedRow: selectedRowColor(mode, made.primary),
    error,
    errorHover: readableHover(error),
    warning: readableSeed(mode, WARNING_SEED),
    success: readableSeed(mode, SUCCESS_SEED),
    textSecondary: ink(mode, TEXT_OPACITY[mode].secondary),
    textTertiary: ink(mode, TEXT_OPACITY[mode].tertiary),
    onSolid: mode === 'dark' ? DARK_ON_SOLID : '#ffffff',
  };
}

/** antd's theme: light or dark algorithm, seeded with the readable theme colour, the AA tokens over antd's own. */
export function antdTheme({ theme: mode, themeColor }: { theme: ThemeMode; themeColor: string }): ThemeConfig {
  const colors = themeColors(mode, themeColor);
  return {
    algorithm: ALGORITHMS[mode],
    token: {
      colorPrimary: colors.primary,
      // Links and informational accents in the theme colour; antd's own blue #1677ff is 4.10:1 on white.
      colorInfo: colors.primary,
      colorLink: colors.primary,
      colorPrimaryHover: colors.primaryHover,
      colorLinkHover: colors.primaryHover,
      colorError: colors.error,
      colorErrorHover: colors.errorHover,
      colorWarning: colors.warning,
      colorSuccess: colors.success,
      colorTextSecondary: colors.textSecondary,
      colorTextTertiary: colors.textTertiary,
      colorTextDescription: colors.textTertiary,
      // A placeholder is the only label some filters show (按标签筛选): it reads like tertiary text.
      colorTextPlaceholder: colors.textTertiary,
    },
    components: {
      Button: { primaryColor: colors.onSolid, dangerColor: colors.onSolid },
      Menu: { itemSelectedColor: colors.selectedText, horizontalItemSelectedColor: colors.selectedText },
      Table: { rowSelectedBg: colors.selectedRow, rowSelectedHoverBg: colors.selectedRow },
    },
  };
}

/** The tones a state is shown in; each state of each kind of record maps to one (src/components/statusTag/tones.ts). */
export const TONES = ['success', 'warning', 'error', 'info', 'processing', 'neutral'] as const;
export type Tone = (typeof TONES)[number];

export interface TagColors {
  text: string;
  background: string;
  border: string;
}

/**
 * A tag's text on its tinted background, 4.5:1 or more: antd's palettes one step darker (light theme)
 * or lighter (dark theme) than its preset tags, whose green was 3.37:1 and gold 2.75:1.
 */
export const TAG_COLORS: Record<ThemeMode, Record<Tone, TagColors>> = {
  light: {
    success: { text: '#237804', background: '#f6ffed', border: '#b7eb8f' },
    warning: { text: '#ad4e00', background: '#fff7e6', border: '#ffd591' },
    error: { text: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
    info: { text: '#0958d9', background: '#e6f4ff', border: '#91caff' },
    processing: { text: '#006d75', background: '#e6fffb', border: '#87e8de' },
    neutral: { text: '#434343', background: '#fafafa', border: '#d9d9d9' },
  },
  dark: {
    success: { text: '#95de64', background: '#162312', border: '#274916' },
    warning: { text: '#ffc069', background: '#2b1d11', border: '#593815' },
    error: { text: '#ff7875', background: '#2c1618', border: '#5c2223' },
    info: { text: '#69b1ff', background: '#111a2c', border: '#15325b' },
    processing: { text: '#5cdbd3', background: '#112123', border: '#144848' },
    neutral: { text: '#d9d9d9', background: '#262626', border: '#424242' },
  },
};

export interface SolidColors {
  background: string;
  text: string;
}

/**
 * A solid fill with its text, 4.5:1 or more (the calendar's bookings, the legend, the message avatars):
 * white on the tag's dark text colour in the light theme, near-black on its light one in the dark theme.
 */
export const SOLID_COLORS: Record<ThemeMode, Record<Tone, SolidColors>> = {
  light: Object.fromEntries(TONES.map((tone) => [tone, { background: TAG_COLORS.light[tone].text, text: '#ffffff' }])) as Record<
    Tone,
    SolidColors
  >,
  dark: Object.fromEntries(TONES.map((tone) => [tone, { background: TAG_COLORS.dark[tone].text, text: DARK_ON_SOLID }])) as Record<
    Tone,
    SolidColors
  >,
};
