import { describe, expect, it } from 'vitest';
import { MENU_GROUP_ICONS, ROUTES } from '../../../contract/routes';
import { RESOURCES } from '../../../contract/resources';
import { APP_ROUTES, findAppRoute } from '../../../src/resources';
import { REFINE_RESOURCES } from '../../../src/resources/refine';
import { BlankPage, PAGES } from '../../../src/resources/pages';
import { ICONS } from '../../../src/resources/icons';
import { pageTexts, messages } from '../../../src/locales';

describe('resources table', () => {
  it('has one row per route of contract/routes.ts, each with a page', () => {
    expect(APP_ROUTES.map((r) => r.path)).toEqual(ROUTES.map((r) => r.path));
    for (const route of APP_ROUTES) expect(route.Page).toBe(PAGES[route.name] ?? BlankPage);
    // pages.ts names only routes that exist.
    for (const name of Object.keys(PAGES)) expect(ROUTES.map((r) => r.name)).toContain(name);
  });

  it('resolves every icon the route table names', () => {
    const named = [...ROUTES.flatMap((r) => (r.icon ? [r.icon] : [])), ...Object.values(MENU_GROUP_ICONS)];
    for (const icon of named) expect(ICONS[icon], icon).toBeTruthy();
  });

  it('gives refine one resource per descriptor, joined with the route that lists it', () => {
    expect(REFINE_RESOURCES).toContainEqual({
      name: 'shops',
      list: '/business/shop',
      meta: { label: 'menu.business.shop', routeName: 'Shop' },
    });
    expect(REFINE_RESOURCES.map((r) => r.name)).toEqual(Object.keys(RESOURCES));
    // Service records and member cards are read inside other pages (the booking drawer, the customer's detail, the
    // cashier), on no list page of their own.
    const listed = REFINE_RESOURCES.map((r) => r.name).filter((name) => name !== 'service-records' && name !== 'member-cards');
    expect(listed.sort()).toEqual(ROUTES.flatMap((r) => (r.resource ? [r.resource] : [])).sort());
    for (const route of ROUTES.filter((r) => r.resource)) {
      expect(REFINE_RESOURCES.find((r) => r.name === route.resource)).toEqual({
        name: route.resource,
        list: route.path,
        meta: { label: route.titleKey, routeName: route.name },
      });
    }
  });

  it('finds the route of a concrete path, parameters included', () => {
    expect(findAppRoute('/business/shop')?.name).toBe('Shop');
    expect(findAppRoute('/shop/consumer/42')?.name).toBe('ConsumerDetail');
    expect(findAppRoute('/no/such/page')).toBeUndefined();
  });

  it('has a title in both locales for every route and menu group', async () => {
    const pages = await pageTexts();
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const texts = { ...messages[locale], ...pages[locale] };
      for (const route of ROUTES) expect(texts[route.titleKey], `${locale} ${route.titleKey}`).toBeTruthy();
      for (const group of Object.keys(MENU_GROUP_ICONS)) expect(texts[`menu.${group}`], `${locale} menu.${group}`).toBeTruthy();
    }
  });

  it('loads the menu and page areas with the layout, not in the first bundle; both locales complete', async () => {
    const pages = await pageTexts();
    expect(Object.keys(pages['en-US']).sort()).toEqual(Object.keys(pages['zh-CN']).sort());
    expect(pages['zh-CN']).toHaveProperty(['menu.dashboard'], '仪表盘');
    expect(pages['zh-CN']).toHaveProperty(['shop.create'], '新建门店');
    expect(pages['zh-CN']).not.toHaveProperty(['login.phone.required']);
    expect(messages['zh-CN']).toHaveProperty(['login.phone.required'], '手机号不能为空');
  });
});
