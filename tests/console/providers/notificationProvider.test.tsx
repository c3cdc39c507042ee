import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine, useCreate } from '@refinedev/core';
import { message, notification } from 'antd';
import { mockLogin } from '../../../src/mocks/handlers';
import { notificationProvider } from '../../../src/providers/notificationProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { i18nProvider } from '../../../src/providers/i18nProvider';
import { setToken } from '../../../src/providers/session';
import type { ShopInput } from '../../../contract/shop';

const notices = () => Array.from(document.querySelectorAll('.ant-message-notice'), (e) => e.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('open', () => {
  it('shows success messages', async () => {
    const success = vi.spyOn(message, 'success');
    notificationProvider.open({ key: 'k1', type: 'success', message: '欢迎使用' });
    expect(success).toHaveBeenCalledWith({ key: 'k1', content: '欢迎使用' });
    await waitFor(() => expect(notices()).toEqual(['欢迎使用']));
  });

  it('shows the description when a success has no message', async () => {
    notificationProvider.open({ type: 'success', message: '', description: '已保存' });
    await waitFor(() => expect(notices()).toEqual(['已保存']));
  });

  it('drops errors: http.ts has shown them already', async () => {
    const spies = [
      vi.spyOn(message, 'error'),
      vi.spyOn(message, 'success'),
      vi.spyOn(notification, 'error'),
      vi.spyOn(notification, 'open'),
    ];
    notificationProvider.open({ key: 'e1', type: 'error', message: 'Error (status code: 400)', description: '请输入门店名称' });
    await new Promise((r) => setTimeout(r, 50));
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-message-notice, .ant-notification-notice')).toBeNull();
  });

  it('shows an undoable countdown whose button cancels the mutation', async () => {
    const cancelMutation = vi.fn();
    notificationProvider.open({ key: 'undo-1', type: 'progress', message: '正在删除门店', undoableTimeout: 5, cancelMutation });
    expect(await screen.findByText('正在删除门店（5s）')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /撤\s*销/ }));
    expect(cancelMutation).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.querySelector('.ant-notification-notice')).toBeNull());
  });
});

describe('close', () => {
  it('removes the message or notification with that key', async () => {
    notificationProvider.open({ key: 'p1', type: 'progress', message: '正在保存', undoableTimeout: 3 });
    notificationProvider.open({ key: 's1', type: 'success', message: '保存成功' });
    await screen.findByText('正在保存（3s）');
    await waitFor(() => expect(notices()).toEqual(['保存成功']));
    notificationProvider.close('p1');
    notificationProvider.close('s1');
    await waitFor(() => expect(document.querySelector('.ant-message-notice, .ant-notification-notice')).toBeNull());
  });
});

describe('inside refine', () => {
  function CreateShop({ values }: { values: ShopInput }) {
    const { mutate } = useCreate();
    return <button onClick={() => mutate({ resource: 'shops', values })}>保存</button>;
  }

  function app(values: ShopInput) {
    return render(
      <Refine
        dataProvider={dataProvider}
        notificationProvider={notificationProvider}
        i18nProvider={i18nProvider}
        resources={[{ name: 'shops' }]}
      >
        <CreateShop values={values} />
      </Refine>,
    );
  }

  const valid: ShopInput = {
    name: '美颜坊·静安寺店',
    regionCode: '310106',
    address: '南京西路 1618 号',
    phone: '021-62881234',
    openTime: '10:00',
    closeTime: '22:00',
  };

  beforeEach(() => setToken(mockLogin('13800000001')));

  it('a failed save shows the server message exactly once', async () => {
    const error = vi.spyOn(message, 'error');
    const open = vi.spyOn(notificationProvider, 'open');
    app({ ...valid, name: '' });
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(notices()).toEqual(['请输入门店名称']));
    // refine's own error notification came and was dropped.
    await waitFor(() => expect(open).toHaveBeenCalledWith(expect.objectContaining({ type: 'error' })));
    await new Promise((r) => setTimeout(r, 50));
    expect(notices()).toEqual(['请输入门店名称']);
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('a successful save shows the success message of refine', async () => {
    const success = vi.spyOn(message, 'success');
    app(valid);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(success).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(notices()).toHaveLength(1));
    expect(notices()[0]).not.toBe('');
  });
});
