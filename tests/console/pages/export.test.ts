import { describe, expect, it } from 'vitest';
import { dispositionFileName, exportQuery } from '../../../src/components/export';

describe('export download', () => {
  it('takes the UTF-8 filename* of Content-Disposition before the plain name', () => {
    const name = '业绩审核_2026-11-01至2026-11-30.xlsx';
    expect(dispositionFileName(`attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)).toBe(name);
    expect(dispositionFileName(`attachment; filename*=utf-8''${encodeURIComponent(name)}; filename="x.xlsx"`)).toBe(name);
    expect(dispositionFileName('attachment; filename="orders.xlsx"')).toBe('orders.xlsx');
    expect(dispositionFileName('attachment; filename=ledger.xlsx')).toBe('ledger.xlsx');
    // A broken escape falls back to the plain name.
    expect(dispositionFileName(`attachment; filename="plain.xlsx"; filename*=UTF-8''%E4%ZZ`)).toBe('plain.xlsx');
    expect(dispositionFileName(undefined)).toBeUndefined();
  });

  it("sends the list's filters and order, without paging and without empty filters", () => {
    const qs = exportQuery({
      filters: [
        { field: 'q', operator: 'eq', value: '20261123' },
        { field: 'shopId', operator: 'eq', value: 2 },
        { field: 'staffId', operator: 'eq', value: undefined },
        { field: 'from', operator: 'eq', value: '2026-11-01' },
      ],
      sorters: [{ field: 'createdAt', order: 'desc' }],
    });
    expect(Object.fromEntries(new URLSearchParams(qs))).toEqual({
      q: '20261123',
      shopId: '2',
      from: '2026-11-01',
      _sort: 'createdAt',
      _order: 'desc',
    });
  });
});
