import type { TFunction } from 'i18next';
import type { ChannelAmount } from '../../../contract/refund';
import { optionKey } from '../crud';
import { formatFen } from './index';

/** A refund channel's name: its method, and for stored value the card it goes back onto. */
export function channelLabel(t: TFunction, c: Pick<ChannelAmount, 'method' | 'cardId'>): string {
  const method = t(optionKey('order', 'method', c.method));
  return c.cardId === undefined ? method : t('finance.afterSale.channelCard', { method, cardId: c.cardId });
}

/** Where a refund's money went: "微信 ¥200.00、储值卡（卡号 12） ¥100.00". */
export const channelsText = (t: TFunction, channels: readonly ChannelAmount[]): string =>
  channels.map((c) => `${channelLabel(t, c)} ${formatFen(c.amountFen)}`).join('、');
