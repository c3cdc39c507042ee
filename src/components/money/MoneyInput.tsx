import { ScaledInput, type ScaledInputProps } from './ScaledInput';

/** Yuan typed with two decimals, integer fen in the form value. */
export function MoneyInput(props: ScaledInputProps) {
  return <ScaledInput min="0" prefix="¥" {...props} />;
}

/** Percent typed with two decimals, basis points in the form value. */
export function PercentInput(props: ScaledInputProps) {
  return <ScaledInput min="0" max="100" suffix="%" {...props} />;
}
