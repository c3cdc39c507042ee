import { InputNumber, type InputNumberProps } from 'antd';
import { fromHundredths, toHundredths } from '../../../contract/money';

export interface ScaledInputProps extends Omit<InputNumberProps<string>, 'value' | 'onChange' | 'stringMode' | 'precision'> {
  /** The stored integer (fen, basis points); undefined or null when empty. */
  value?: number | null;
  onChange?: (value: number | undefined) => void;
}

/**
 * An InputNumber that shows a two-decimal amount while the form holds its integer hundredths, so a
 * Form.Item named after the API field (priceFen, commissionRateBp) carries exactly what is sent.
 * stringMode keeps the typed decimals as text until toHundredths converts them.
 */
export function ScaledInput({ value, onChange, ...rest }: ScaledInputProps) {
  return (
    <InputNumber<string>
      style={{ width: '100%' }}
      {...rest}
      stringMode
      precision={2}
      value={value === null || value === undefined ? null : fromHundredths(value)}
      onChange={(v) => onChange?.(toHundredths(v))}
    />
  );
}
