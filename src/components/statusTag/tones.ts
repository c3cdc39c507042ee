import type { AccountStatus } from '../../../contract/account';
import type { AfterSaleStatus, AfterSaleType } from '../../../contract/afterSale';
import type { AppointmentStatus } from '../../../contract/appointment';
import type { BannerStatus } from '../../../contract/banner';
import type { CardPlanStatus } from '../../../contract/cardPlan';
import type { DailyCloseStatus } from '../../../contract/dailyClose';
import type { EntitlementStatus } from '../../../contract/entitlement';
import type { LedgerType } from '../../../contract/ledgerEntry';
import type { MemberCardStatus } from '../../../contract/memberCard';
import type { MessageTag, MessageType } from '../../../contract/message';
import type { OrderStatus } from '../../../contract/order';
import type { PerformanceKind, PerformanceStatus } from '../../../contract/performanceRecord';
import type { ProgramStatus } from '../../../contract/program';
import type { Role } from '../../../contract/roles';
import type { ShopStatus } from '../../../contract/shop';
import type { StaffStatus } from '../../../contract/staff';
import type { Tone } from '../../stores/theme';

/** The tone each state is shown in: waiting is a warning, done a success, refused or lost an error, closed neutral. */
export const ORDER_STATUS_TONES: Record<OrderStatus, Tone> = {
  unpaid: 'warning',
  paid: 'success',
  'partially-refunded': 'processing',
  refunded: 'error',
  cancelled: 'neutral',
};

/** Performance records and after-sale requests go through the same review. */
export const REVIEW_STATUS_TONES: Record<PerformanceStatus | AfterSaleStatus, Tone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'neutral',
};

/** A shop's day: open or returned waits on the shop, submitted on finance, confirmed is done. */
export const DAILY_CLOSE_STATUS_TONES: Record<DailyCloseStatus, Tone> = {
  open: 'neutral',
  submitted: 'warning',
  confirmed: 'success',
  returned: 'error',
};

export const APPOINTMENT_STATUS_TONES: Record<AppointmentStatus, Tone> = {
  booked: 'info',
  confirmed: 'processing',
  arrived: 'warning',
  completed: 'success',
  cancelled: 'neutral',
  'no-show': 'error',
};

export const ENTITLEMENT_STATUS_TONES: Record<EntitlementStatus, Tone> = {
  available: 'success',
  booked: 'info',
  used: 'neutral',
  expired: 'warning',
};

export const PROGRAM_STATUS_TONES: Record<ProgramStatus & BannerStatus, Tone> = { on: 'success', off: 'neutral' };
export const CARD_PLAN_STATUS_TONES: Record<CardPlanStatus, Tone> = { on: 'success', off: 'neutral' };
export const MEMBER_CARD_STATUS_TONES: Record<MemberCardStatus, Tone> = {
  active: 'success',
  'used-up': 'neutral',
  expired: 'warning',
  refunded: 'error',
};
export const SHOP_STATUS_TONES: Record<ShopStatus, Tone> = { open: 'success', closed: 'neutral' };
export const STAFF_STATUS_TONES: Record<StaffStatus, Tone> = { active: 'success', left: 'neutral' };
export const ACCOUNT_STATUS_TONES: Record<AccountStatus, Tone> = { active: 'success', disabled: 'neutral' };

export const MESSAGE_TAG_TONES: Record<MessageTag, Tone> = { 0: 'neutral', 1: 'success', 2: 'info', 3: 'error' };
export const MESSAGE_TYPE_TONES: Record<MessageType, Tone> = { message: 'info', notice: 'warning', todo: 'success' };

/** Kinds shown as tags: who an account is, what a record or a request is about. */
export const ROLE_TONES: Record<Role, Tone> = { admin: 'error', 'financial-staff': 'warning', 'shop-manager': 'info' };
export const PERFORMANCE_KIND_TONES: Record<PerformanceKind, Tone> = { sale: 'info', 'card-sale': 'processing', adjustment: 'warning' };
export const AFTER_SALE_TYPE_TONES: Record<AfterSaleType, Tone> = { refund: 'error', 'touch-up': 'info', complaint: 'processing' };
export const LEDGER_TYPE_TONES: Record<LedgerType, Tone> = { income: 'success', expense: 'error' };

/** A VIP customer and their prices. */
export const VIP_TONE: Tone = 'warning';
