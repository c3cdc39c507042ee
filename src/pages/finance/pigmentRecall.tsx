import { ExportButton } from '../../components/export';
import { formatDateTime } from '../../components/format';
import { ListPage, type ListSearch } from '../../components/listPage';

/**
 * /finance/pigment-recall (finance, admin): which customers received a pigment batch, found by its
 * batch number (or brand, or the customer's name), exported as .xlsx for the shops to call them.
 */
export default function PigmentRecallPage() {
  return (
    <ListPage<'pigment-uses', ListSearch>
      resource="pigment-uses"
      initialSort={{ field: 'servedAt', order: 'desc' }}
      searchWidth={260}
      extra={(query) => <ExportButton resource="pigment-uses" query={query} />}
      scrollX={1100}
      cardsOnPhone
      rowActions={() => null}
      columns={[
        { field: 'batch', sortable: true, width: 160 },
        { field: 'brand', width: 120 },
        { field: 'colour', width: 110 },
        { field: 'expiresOn', width: 120 },
        { field: 'customerName', width: 110 },
        { field: 'shopName', width: 180 },
        { field: 'programName', width: 150 },
        { field: 'staffName', width: 100 },
        { field: 'servedAt', sortable: true, width: 170, render: (iso: string) => formatDateTime(iso) },
        { field: 'amount', width: 90 },
      ]}
    />
  );
}
