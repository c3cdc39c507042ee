import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { bpToPercent, fenToYuan, formatBp, formatFen, MoneyInput, percentToBp, yuanToFen } from '../../../src/components/money';

describe('yuan and fen', () => {
  it('converts typed yuan to integer fen without floating-point error', () => {
    expect(yuanToFen('1234.5')).toBe(123450);
    expect(yuanToFen('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen(1.15)).toBe(115);
    expect(yuanToFen('1,680')).toBe(168000);
    expect(yuanToFen('.5')).toBe(50);
    expect(yuanToFen('7.')).toBe(700);
    expect(yuanToFen('-3.2')).toBe(-320);
  });

  it('rounds digits past the cent half up', () => {
    expect(yuanToFen('0.125')).toBe(13);
    expect(yuanToFen('0.124')).toBe(12);
    expect(yuanToFen('99999.995')).toBe(10000000);
  });

  it('answers undefined for empty or non-numeric input', () => {
    for (const bad of ['', '.', 'abc', '1.2.3', '1e5', null, undefined]) expect(yuanToFen(bad)).toBeUndefined();
  });

  it('shows fen as yuan with grouping and two decimals', () => {
    expect(fenToYuan(123450)).toBe('1234.50');
    expect(fenToYuan(5)).toBe('0.05');
    expect(formatFen(123450)).toBe('¥1,234.50');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(10_000_000)).toBe('¥100,000.00');
    expect(formatFen(-500)).toBe('-¥5.00');
    expect(formatFen(null)).toBe('-');
  });
});

describe('percent and basis points', () => {
  it('stores a commission typed in percent as basis points and shows it back', () => {
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('100')).toBe(10000);
    expect(bpToPercent(1250)).toBe('12.50');
    expect(formatBp(1250)).toBe('12.5%');
    expect(formatBp(1000)).toBe('10%');
    expect(formatBp(5)).toBe('0.05%');
    expect(formatBp(0)).toBe('0%');
  });
});

describe('MoneyInput', () => {
  it('shows the fen of its field as yuan and puts typed yuan back as fen', async () => {
    let submitted: unknown;
    render(
      <Form initialValues={{ priceFen: 168000 }} onFinish={(v) => (submitted = v)}>
        <Form.Item name="priceFen" label="价格">
          <MoneyInput />
        </Form.Item>
        <button type="submit">ok</button>
      </Form>,
    );
    const input = screen.getByLabelText('价格') as HTMLInputElement;
    expect(input.value).toBe('1680.00');
    const user = userEvent.setup({ delay: null });
    await user.clear(input);
    await user.type(input, '99.9');
    await user.click(screen.getByText('ok'));
    await waitFor(() => expect(submitted).toEqual({ priceFen: 9990 }));
  });
});
