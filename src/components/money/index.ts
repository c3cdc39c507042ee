export { yuanToFen, fenToYuan, percentToBp, bpToPercent, formatFen, formatBp } from '../../../contract/money';
export { MoneyInput, PercentInput } from './MoneyInput';
