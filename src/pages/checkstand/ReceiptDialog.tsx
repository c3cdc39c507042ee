import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Modal, Segmented } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useList, useOne } from '@refinedev/core';
import type { AfterSale } from '../../../contract/afterSale';
import type { Order } from '../../../contract/order';
import type { Shop } from '../../../contract/shop';
import { PAGE_CSS, RECEIPT_PAPERS, Receipt, type ReceiptPaper } from './Receipt';

const PAPER_KEY = 'checkstand-receipt-paper';
const storedPaper = (): ReceiptPaper =>
  ((RECEIPT_PAPERS as readonly string[]).find((p) => p === localStorage.getItem(PAPER_KEY)) as ReceiptPaper | undefined) ?? '80mm';

/**
 * The receipt on screen, and a copy beside the app for the printer: print CSS hides everything but
 * that copy, and the page rule follows the chosen paper (80 mm thermal roll or A5), kept per device.
 */
export function ReceiptDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [paper, setPaper] = useState<ReceiptPaper>(storedPaper);
  // The shop's address and phone head the receipt.
  const { result: shop } = useOne<Shop>({ resource: 'shops', id: order?.shopId, queryOptions: { enabled: order !== null } });
  // A refunded order's receipt says where each refund's money went.
  const { result: refunds } = useList<AfterSale>({
    resource: 'after-sales',
    filters: [
      { field: 'orderId', operator: 'eq', value: order?.id },
      { field: 'status', operator: 'eq', value: 'approved' },
    ],
    pagination: { pageSize: 50 },
    queryOptions: { enabled: (order?.refundedFen ?? 0) > 0 },
  });
  const choose = (p: ReceiptPaper) => {
    setPaper(p);
    localStorage.setItem(PAPER_KEY, p);
  };
  return (
    <Modal
      open={order !== null}
      title={t('checkstand.receipt.dialog')}
      onCancel={onClose}
      destroyOnHidden
      width={paper === 'a5' ? 620 : 420}
      footer={[
        <Segmented<ReceiptPaper>
          key="paper"
          value={paper}
          onChange={choose}
          options={RECEIPT_PAPERS.map((p) => ({ value: p, label: t(`checkstand.receipt.paper.${p}`) }))}
          style={{ float: 'left' }}
        />,
        <Button key="close" onClick={onClose}>
          {t('checkstand.receipt.close')}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('checkstand.receipt.print')}
        </Button>,
      ]}
    >
      {order && (
        <>
          <Receipt order={order} paper={paper} shop={shop} refunds={refunds.data} />
          {createPortal(
            <div className="receipt-print-root" data-testid="receipt-print">
              <style>{PAGE_CSS[paper]}</style>
              <Receipt order={order} paper={paper} shop={shop} refunds={refunds.data} />
            </div>,
            document.body,
          )}
        </>
      )}
    </Modal>
  );
}
