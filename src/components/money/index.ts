export { toHundredths, fromHundredths, yuanToFen, fenToYuan, percentToBp, bpToPercent, formatFen, formatBp } from './money';
export { ScaledInput, type ScaledInputProps } from './ScaledInput';
export { MoneyInput, PercentInput } from './MoneyInput';
