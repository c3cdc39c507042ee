import { LEDGER_CATEGORY_LABELS, LEDGER_FIELD_LABELS, LEDGER_TYPE_LABELS } from '../../../contract/ledgerEntry';
import { fieldTexts, optionTexts } from '../contractTexts';

/** The shop's ledger (/finance/income). Field labels come from contract/ledgerEntry.ts. */
const ledger = {
  ...fieldTexts('ledger', LEDGER_FIELD_LABELS),
  ...optionTexts('ledger', 'type', LEDGER_TYPE_LABELS),
  ...optionTexts('ledger', 'category', LEDGER_CATEGORY_LABELS),
  'ledger.create': '记一笔',
  'ledger.search.placeholder': '搜索备注',
};

export default ledger;
