import { useMemo, type CSSProperties } from 'react';
import { Cascader } from 'antd';
import { regionLabel, regionPath, regionTree, type RegionOption } from '../../contract/region';

/** Built once: the tree of the whole six-digit table (about 3,500 regions). */
let tree: RegionOption[] | undefined;
const regionOptions = () => (tree ??= regionTree());

export interface RegionCascaderProps {
  /** A six-digit region code (province, city or county). */
  value?: string;
  onChange?: (code: string | undefined) => void;
  /** Lets a province or a city be picked, not only a county (filters). */
  anyLevel?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  id?: string;
  /** The name a filter without a label is read by. */
  'aria-label'?: string;
}

/**
 * Province / city / county picker whose value is the six-digit code; the path shown is derived from
 * the code (docs/console.md), so the form and the API hold just the code.
 */
export default function RegionCascader({
  value,
  onChange,
  anyLevel,
  placeholder,
  style,
  id,
  'aria-label': ariaLabel,
}: RegionCascaderProps) {
  const path = useMemo(() => (value ? regionPath(value) : undefined), [value]);
  return (
    <Cascader<RegionOption>
      id={id}
      aria-label={ariaLabel}
      options={regionOptions()}
      value={path}
      onChange={(codes) => onChange?.(codes?.length ? String(codes[codes.length - 1]) : undefined)}
      // Shown as lists show it: a municipality's 市辖区 level is left out.
      displayRender={(labels) => (value ? regionLabel(value) : labels.join(' / '))}
      changeOnSelect={anyLevel}
      showSearch={{ filter: (input, options) => options.some((o) => o.label.includes(input.trim())) }}
      placeholder={placeholder}
      allowClear
      style={style}
    />
  );
}
