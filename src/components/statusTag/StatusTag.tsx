import { Tag, Tooltip, type TagProps } from 'antd';
import { useSettings } from '../../stores/settings';
import { SOLID_COLORS, TAG_COLORS, type Tone } from '../../stores/theme';

export interface StatusTagProps extends Omit<TagProps, 'color'> {
  tone: Tone;
  /** A solid fill (the calendar's legend) instead of the tinted one. */
  solid?: boolean;
  /** Shown on hover and on focus (a rejection's reason), and read with the tag. */
  tooltip?: string;
}

/** A state (or a kind) as a tag in its tone's AA colours for the current theme; every page shows states through it. */
export function StatusTag({ tone, solid, tooltip, style, children, ...tag }: StatusTagProps) {
  const { theme } = useSettings();
  const colors = solid
    ? { color: SOLID_COLORS[theme][tone].text, background: SOLID_COLORS[theme][tone].background, borderColor: 'transparent' }
    : { color: TAG_COLORS[theme][tone].text, background: TAG_COLORS[theme][tone].background, borderColor: TAG_COLORS[theme][tone].border };
  if (!tooltip)
    return (
      <Tag {...tag} style={{ ...colors, ...style }}>
        {children}
      </Tag>
    );
  // A text shown on hover alone is lost to a keyboard and a screen reader: the tag takes focus, which shows
  // the tooltip, and holds the text for reading.
  return (
    <Tooltip title={tooltip} trigger={['hover', 'focus']}>
      <Tag {...tag} tabIndex={0} style={{ ...colors, ...style }}>
        {children}
        <span className="visually-hidden">{`，${tooltip}`}</span>
      </Tag>
    </Tooltip>
  );
}
