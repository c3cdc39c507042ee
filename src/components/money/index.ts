export { yuanToFen, fenToYuan, percentToBp, bpToPercent, formatFen, formatBp } from './money';
export { MoneyInput, PercentInput } from './MoneyInput';
