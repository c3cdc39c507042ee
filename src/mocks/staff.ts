import { withMaskedPhone } from '../../contract/mask';
import { staffResource, type Staff } from '../../contract/staff';
import { mockResource } from './engine/resource';
import { createdDaysAgo } from './demoTime';

const member = (shopId: number, m: Pick<Staff, 'name' | 'phone' | 'job' | 'level' | 'hiredAt' | 'commissionRateBp'>, daysAgo: number) => ({
  ...createdDaysAgo(daysAgo),
  shopId,
  status: 'active' as const,
  accountId: null,
  ...m,
});

/** Phones are stored in full and answered masked; the full one only through reveal-phone. */
export const staff = mockResource<Staff>(staffResource, {
  seed: () => [
    member(
      1,
      { name: '李婷', phone: '13912340001', job: 'tattoo-artist', level: '高级', hiredAt: '2024-03-01', commissionRateBp: 1500 },
      60,
    ),
    member(1, { name: '张敏', phone: '13912340002', job: 'beautician', level: '', hiredAt: '2025-06-15', commissionRateBp: 1000 }, 50),
    member(2, { name: '刘芳', phone: '13912340003', job: 'receptionist', level: '', hiredAt: '2025-01-10', commissionRateBp: 0 }, 40),
  ],
  // Digits are part of the phone, anything else part of the name.
  search: (m, q) => (/^\d+$/.test(q) ? m.phone.includes(q) : m.name.toLowerCase().includes(q.toLowerCase())),
  defaultSort: (a, b) => b.createdAt.localeCompare(a.createdAt),
  toResponse: withMaskedPhone,
});

staff.action('reveal-phone', (m) => ({ phone: m.phone }));
