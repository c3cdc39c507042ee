import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { openableRow } from '../../../src/components/keyboard/openable';

describe('openableRow', () => {
  it('opens on a click, on Enter and on Space, and on no other key', () => {
    const open = vi.fn();
    render(
      <table>
        <tbody>
          <tr {...openableRow(open)}>
            <td>王小姐</td>
          </tr>
        </tbody>
      </table>,
    );
    const row = screen.getByRole('row');
    expect(row.tabIndex).toBe(0);
    fireEvent.click(row);
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.keyDown(row, { key: ' ' });
    fireEvent.keyDown(row, { key: 'a' });
    expect(open).toHaveBeenCalledTimes(3);
  });
});
