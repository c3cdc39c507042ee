import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageBox } from '../../../src/components/messageBox';
import { sentBodies } from '../pages/support';
import { renderPiece } from './render';

// 13800000002 (王店长) has one unread message, one unread notice and one unread todo in the demo data.
const MANAGER = '13800000002';

/** The number on the bell; undefined when antd hides the badge (no unread message). */
function bellCount(): string | undefined {
  const badge = screen.getByTestId('message-bell').closest('.ant-badge');
  return badge?.querySelector('.ant-badge-count')?.getAttribute('title') ?? undefined;
}

async function openBox() {
  const user = userEvent.setup();
  await renderPiece(<MessageBox />, { phone: MANAGER });
  await waitFor(() => expect(bellCount()).toBe('3'));
  await user.click(screen.getByTestId('message-bell'));
  const tabs = await screen.findByRole('tablist');
  return { user, tabs: within(tabs) };
}

const box = () => within(document.querySelector('.message-box') as HTMLElement);

describe('message box', () => {
  it('shows the unread count on the bell and on each tab', async () => {
    const { tabs } = await openBox();
    expect(tabs.getByRole('tab', { name: '消息(1)' })).toBeTruthy();
    expect(tabs.getByRole('tab', { name: '通知(1)' })).toBeTruthy();
    expect(tabs.getByRole('tab', { name: '待办(1)' })).toBeTruthy();
  });

  it('shows each message with its title, subTitle, content and time, and a notice with its type tag', async () => {
    const { user, tabs } = await openBox();
    const first = await box().findByText('林管理');
    const item = within(first.closest('.message-item') as HTMLElement);
    expect(item.getByText('运营总监')).toBeTruthy();
    expect(item.getByText('新客首单立减活动已上线，请前台向到店的新客户介绍。')).toBeTruthy();
    expect(item.getByText('3小时前')).toBeTruthy();

    await user.click(tabs.getByRole('tab', { name: '通知(1)' }));
    const notice = within((await box().findByText('营业时间已更新')).closest('.message-item') as HTMLElement);
    // messageType 1 is MESSAGE_TAG_LABELS "已生效".
    expect(notice.getByText('已生效')).toBeTruthy();
    expect(notice.getByText('美颜坊·徐汇旗舰店')).toBeTruthy();
  });

  it('opens a clicked message in a dialog and marks it read, and the counts drop', async () => {
    const read = sentBodies('POST', '/messages/read');
    const { user } = await openBox();
    await user.click(await box().findByText('林管理'));
    const detail = within(await screen.findByTestId('message-detail'));
    expect(detail.getByText('新客首单立减活动已上线，请前台向到店的新客户介绍。')).toBeTruthy();
    // A chat message is about no record: nothing to follow.
    expect(screen.queryByRole('button', { name: '去处理' })).toBeNull();
    await waitFor(() => expect(bellCount()).toBe('2'));
    expect(read).toEqual([{ ids: [expect.any(Number)] }]);
    // Listed again, now as read.
    await user.click(screen.getByRole('button', { name: /关\s*闭/ }));
    await user.click(screen.getByTestId('message-bell'));
    expect((await box().findByText('林管理')).closest('.message-item')?.classList.contains('message-item-unread')).toBe(false);
  });

  it('clears the current tab after confirmation', async () => {
    const cleared = sentBodies('POST', '/messages/clear');
    const { user, tabs } = await openBox();
    await user.click(tabs.getByRole('tab', { name: '通知(1)' }));
    await box().findByText('营业时间已更新');
    await user.click(box().getByRole('button', { name: /清\s*空/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await box().findByText('暂无内容')).toBeTruthy();
    await waitFor(() => expect(bellCount()).toBe('2'));
    expect(cleared).toEqual([{ type: 'notice' }]);
    expect(tabs.getByRole('tab', { name: '通知' })).toBeTruthy();
    expect(tabs.getByRole('tab', { name: '消息(1)' })).toBeTruthy();
  });

  it('marks the whole tab read with 全部已读', async () => {
    const readAll = sentBodies('POST', '/messages/read-all');
    const { user, tabs } = await openBox();
    await user.click(tabs.getByRole('tab', { name: '待办(1)' }));
    await box().findByText('本周完成门店消防自查');
    await user.click(box().getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(bellCount()).toBe('2'));
    expect(readAll).toEqual([{ type: 'todo' }]);
    expect(tabs.getByRole('tab', { name: '待办' })).toBeTruthy();
    expect(box().getByRole('button', { name: '全部已读' }).hasAttribute('disabled')).toBe(true);
  });

  it('opens the messages page with 查看更多', async () => {
    const user = userEvent.setup();
    const view = await renderPiece(<MessageBox />, { phone: MANAGER });
    await user.click(screen.getByTestId('message-bell'));
    await user.click(await screen.findByRole('button', { name: '查看更多' }));
    await waitFor(() => expect(view.location()).toBe('/messages'));
  });
});
