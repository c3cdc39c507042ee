import { PERFORMANCE_FIELD_LABELS, PERFORMANCE_KIND_LABELS, PERFORMANCE_STATUS_LABELS } from '../../../contract/performanceRecord';
import { fieldTexts, optionTexts } from '../contractTexts';

/** Performance records (/finance/review). Field labels come from contract/performanceRecord.ts. */
const performanceRecord = {
  ...fieldTexts('performanceRecord', PERFORMANCE_FIELD_LABELS),
  ...optionTexts('performanceRecord', 'kind', PERFORMANCE_KIND_LABELS),
  ...optionTexts('performanceRecord', 'status', PERFORMANCE_STATUS_LABELS),
  'performanceRecord.search.placeholder': '搜索订单号',
};

export default performanceRecord;
