import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { StatusTag } from '../../../src/components/statusTag';

describe('StatusTag', () => {
  it('shows a plain state as a tag that takes no focus', () => {
    render(<StatusTag tone="success">已通过</StatusTag>);
    const tag = screen.getByText('已通过');
    expect(tag.tabIndex).toBe(-1);
  });

  it('reads its tooltip with the tag and shows it on keyboard focus', async () => {
    render(
      <StatusTag tone="error" tooltip="驳回原因：金额不符">
        已驳回
      </StatusTag>,
    );
    const tag = screen.getByText('已驳回').closest('.ant-tag') as HTMLElement;
    expect(tag.tabIndex).toBe(0);
    expect(tag.textContent).toBe('已驳回，驳回原因：金额不符');
    await act(async () => {
      tag.focus();
    });
    expect((await screen.findByRole('tooltip')).textContent).toBe('驳回原因：金额不符');
  });
});
