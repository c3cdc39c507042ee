import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { dialog, openPage, row, sentBodies, setupUser, PAGE_TEST_TIMEOUT } from './support';

const ADMIN = '13800000001';

describe('banners page (/operation/events)', { timeout: PAGE_TEST_TIMEOUT }, () => {
  it('lists banners by priority, highest first', async () => {
    openPage('/operation/events', ADMIN);
    await row('新客首单立减 200 元');
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.querySelectorAll('td')[1]?.textContent);
    expect(names).toEqual(['新客首单立减 200 元', '会员日 全场护理 8 折', '春季眉形设计沙龙']);
  });

  it('asks "确定是否删除?" before deleting and removes the row', async () => {
    const user = setupUser();
    openPage('/operation/events', ADMIN);
    const salon = await row('春季眉形设计沙龙');
    await user.click(salon.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定是否删除?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('活动「春季眉形设计沙龙」已删除')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('春季眉形设计沙龙', { selector: 'td' })).toBeNull());
  });

  it('says "请输入名称" for an empty name and refuses a link that is neither http(s) nor an in-app path', async () => {
    const posted = sentBodies('POST', '/banners');
    const user = setupUser();
    openPage('/operation/events', ADMIN);
    await user.click(await screen.findByRole('button', { name: /新建活动/ }));
    const form = await dialog('新建活动');
    await user.type(form.getByLabelText('跳转链接'), 'javascript:alert(1)');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    expect(await form.findByText('请输入名称')).toBeTruthy();
    expect(await form.findByText('跳转链接必须是 http(s) 链接或以 / 开头的站内路径')).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it('creates a banner with an in-app jump link and the defaults shown in the form', async () => {
    const posted = sentBodies('POST', '/banners');
    const user = setupUser();
    openPage('/operation/events', ADMIN);
    await user.click(await screen.findByRole('button', { name: /新建活动/ }));
    const form = await dialog('新建活动');
    await user.type(form.getByLabelText('名称'), '国庆特惠');
    // Platform, type and source are choices; the picture fields say what each is for.
    fireEvent.mouseDown(form.getByLabelText('平台'));
    const platforms = await screen.findAllByText(/^(小程序|H5|App)$/, { selector: '.ant-select-item-option-content' });
    expect(platforms.map((o) => o.textContent)).toEqual(['小程序', 'H5', 'App']);
    fireEvent.click(platforms[0]);
    fireEvent.mouseDown(form.getByLabelText('来源'));
    fireEvent.click(await screen.findByText('运营部', { selector: '.ant-select-item-option-content' }));
    expect(form.getByText('上传一张活动图，客户端的活动位显示这张图')).toBeTruthy();
    expect(form.getByText(/图片存放在其他网站时，填该图片的网址/)).toBeTruthy();
    await user.type(form.getByLabelText('跳转链接'), '/pages/activity/national-day');
    await user.click(form.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      name: '国庆特惠',
      platform: '小程序',
      source: '运营部',
      priority: 0,
      status: 'on',
      jumpLink: '/pages/activity/national-day',
    });
    expect(await screen.findByText('活动「国庆特惠」已创建')).toBeTruthy();
  });
});
