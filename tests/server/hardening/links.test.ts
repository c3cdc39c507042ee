import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/testApp';
import { query } from '../support/authCalls';
import { rest, invalidFields, ADMIN } from '../support/restCalls';
import { ACCOUNT_API } from '../../../contract/account';
import { isSafeLink } from '../../../contract/validation';

let t: TestContext;
let call: ReturnType<typeof rest>;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  call = rest(t);
  admin = await t.login(ADMIN);
});
afterAll(async () => t?.close());

const HOSTILE = [
  'http:evil.com',
  'https:evil.com/x',
  'https:\\\\evil.com',
  'https:/\\evil.com',
  'http://user:pass@example.com/',
  'https://user@example.com/',
  'http://127.0.0.1/',
  'http://127.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://10.0.0.8/a.png',
  'http://192.168.1.1/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://169.254.169.254/latest/meta-data',
  'http://localhost:3000/',
  'http://LOCALHOST/',
  'http://api.localhost/',
  'http://printer.local/',
  'http://[::1]/',
  'http://[fe80::1]/',
  'https://example.com/"onmouseover="alert(1)',
  "https://example.com/'x",
  'https://example.com/<script>',
  'https://example.com/a b',
  'https://example.com/%zz',
  'https://例子.com/',
  '//evil.com/x.png',
  '/\\evil.com',
  '/a"b',
  '/a<b>',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  'ftp://example.com/a.png',
  'example.com/a.png',
];

describe('link fields', () => {
  it('refuses malformed, credentialed, private-address and escaping-needing links', () => {
    for (const link of HOSTILE) expect([link, isSafeLink(link)]).toEqual([link, false]);
  });

  it('accepts public http(s) URLs and in-app paths, uploaded images included', () => {
    for (const link of [
      'https://example.com/promo?id=1#top',
      'http://cdn.example.com.cn/a.png',
      'https://shop.example.com:8443/x',
      '/api/beer/backstage/upload/0123456789abcdef0123456789abcdef.png',
      '/business/program?tab=1',
    ])
      expect([link, isSafeLink(link)]).toEqual([link, true]);
  });

  it('answers 400 naming each field in Chinese, on banners, programs and avatars', async () => {
    const banner = (await query<{ id: number }>(t, 'select id from banners order by id limit 1'))[0].id;
    const program = (await query<{ id: number }>(t, 'select id from programs order by id limit 1'))[0].id;
    const cases: [string, Record<string, unknown>, string, string][] = [
      [`/banners/${banner}`, { image: 'http://10.0.0.1/a.png' }, 'image', '图片'],
      [`/banners/${banner}`, { jumpLink: 'https:\\\\evil.com' }, 'jumpLink', '跳转链接'],
      [`/banners/${banner}`, { imageLink: 'http://user:pass@example.com/' }, 'imageLink', '图片链接'],
      [`/programs/${program}`, { mainImage: 'http://localhost/a.png' }, 'mainImage', '主图'],
      [`/programs/${program}`, { detailImages: ['/ok.png', 'http://[::1]/x.png'] }, 'detailImages.1', '详情图'],
    ];
    for (const [path, payload, field, label] of cases) {
      const r = await call(admin, 'PATCH', path, payload);
      expect([path, r.status, invalidFields(r), r.body.msg]).toEqual([
        path,
        400,
        [field],
        `${label}必须是 http(s) 链接或以 / 开头的站内路径`,
      ]);
    }
    const avatar = await t.app.inject({
      method: 'PATCH',
      url: ACCOUNT_API.one(t.demo.accountIds[ADMIN]),
      headers: { authorization: `Bearer ${admin}` },
      payload: { avatar: 'http:evil.com' },
    });
    expect(avatar.json().msg).toBe('头像必须是 http(s) 链接或以 / 开头的站内路径');
  });

  it('stores a link in its normal form', async () => {
    const banner = (await query<{ id: number }>(t, 'select id from banners order by id limit 1'))[0].id;
    const r = await call(admin, 'PATCH', `/banners/${banner}`, { jumpLink: 'HTTPS://Shop.Example.COM' });
    expect(r.body.data.jumpLink).toBe('https://shop.example.com/');
  });
});
