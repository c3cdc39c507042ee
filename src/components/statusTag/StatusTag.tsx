import type { ReactNode } from 'react';
import { Tag, Tooltip, type TagProps } from 'antd';
import { useSettings } from '../../stores/settings';
import { SOLID_COLORS, TAG_COLORS, type Tone } from '../../stores/theme';

export interface StatusTagProps extends Omit<TagProps, 'color'> {
  tone: Tone;
  /** A solid fill (the calendar's legend) instead of the tinted one. */
  solid?: boolean;
  /** Shown on hover (a rejection's reason). */
  tooltip?: ReactNode;
}

/** A state (or a kind) as a tag in its tone's AA colours for the current theme; every page shows states through it. */
export function StatusTag({ tone, solid, tooltip, style, ...tag }: StatusTagProps) {
  const { theme } = useSettings();
  const colors = solid
    ? { color: SOLID_COLORS[theme][tone].text, background: SOLID_COLORS[theme][tone].background, borderColor: 'transparent' }
    : { color: TAG_COLORS[theme][tone].text, background: TAG_COLORS[theme][tone].background, borderColor: TAG_COLORS[theme][tone].border };
  const shown = <Tag {...tag} style={{ ...colors, ...style }} />;
  return tooltip ? <Tooltip title={tooltip}>{shown}</Tooltip> : shown;
}
