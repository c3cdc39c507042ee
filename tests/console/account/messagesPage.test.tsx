import { describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MessagesPage from '../../../src/pages/message';
import { sentBodies } from '../pages/support';
import { server } from '../support/server';
import { renderPiece } from './render';

// 13800000002 has six demo messages (two of each type), three of them unread.
const MANAGER = '13800000002';

const titles = () => Array.from(document.querySelectorAll('.message-item .message-item-name'), (e) => e.textContent);

describe('messages page (/messages)', () => {
  it('lists every message of the account, newest first, with the total', async () => {
    await renderPiece(<MessagesPage />, { phone: MANAGER, path: '/messages' });
    expect(await screen.findByText('共 6 条')).toBeTruthy();
    expect(titles()).toEqual(['本周完成门店消防自查', '林管理', '营业时间已更新', '赵财务', '系统维护通知', '更换前台价目牌']);
  });

  it('filters by type and status from the query string, and changes them in place', async () => {
    const user = userEvent.setup();
    const view = await renderPiece(<MessagesPage />, { phone: MANAGER, path: '/messages?status=0' });
    expect(await screen.findByText('共 3 条')).toBeTruthy();
    await user.click(screen.getByText('通知(1)'));
    await waitFor(() => expect(view.location()).toBe('/messages?status=0&type=notice'));
    await waitFor(() => expect(titles()).toEqual(['营业时间已更新']));
  });

  it('asks for one page at a time and steps back when a page is past the end', async () => {
    const pages: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/messages')) pages.push(`${url.searchParams.get('_start')}-${url.searchParams.get('_end')}`);
    };
    server.events.on('request:start', listener);
    onTestFinished(() => void server.events.removeListener('request:start', listener));
    const view = await renderPiece(<MessagesPage />, { phone: MANAGER, path: '/messages?current=3&pageSize=20' });
    // Page 3 of 20 is empty for six messages: the page goes back to page 1.
    await waitFor(() => expect(view.location()).toBe('/messages?pageSize=20'));
    expect(await screen.findByText('共 6 条')).toBeTruthy();
    expect(titles()).toHaveLength(6);
    expect(pages).toEqual(['40-60', '0-20']);
  });

  it('marks one message read, then the rest of a type with 全部已读', async () => {
    const user = userEvent.setup();
    const read = sentBodies('POST', '/messages/read');
    const readAll = sentBodies('POST', '/messages/read-all');
    await renderPiece(<MessagesPage />, { phone: MANAGER, path: '/messages?status=0' });
    await screen.findByText('共 3 条');
    await user.click(screen.getAllByRole('button', { name: '标为已读' })[0]);
    expect(await screen.findByText('共 2 条')).toBeTruthy();
    expect(read).toEqual([{ ids: [expect.any(Number)] }]);
    await user.click(screen.getByRole('button', { name: '全部已读' }));
    expect(await screen.findByText('已将 2 条消息标为已读')).toBeTruthy();
    expect(readAll).toEqual([{}]);
    expect(await screen.findByText('暂无内容')).toBeTruthy();
  });

  it('clears the messages of the chosen type after confirmation', async () => {
    const user = userEvent.setup();
    const cleared = sentBodies('POST', '/messages/clear');
    await renderPiece(<MessagesPage />, { phone: MANAGER, path: '/messages?type=todo' });
    expect(await screen.findByText('共 2 条')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /清\s*空/ }));
    expect(await screen.findByText('确定清空「待办」中的全部消息？清空后无法恢复。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已清空 2 条消息')).toBeTruthy();
    expect(cleared).toEqual([{ type: 'todo' }]);
  });
});
