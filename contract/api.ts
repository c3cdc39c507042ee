/** Paths of the calls both sides name. Auth paths are exactly docs/api.md. */
export const API = {
  loginPassword: '/api/beer/backstage/user/login/password',
  loginCaptcha: '/api/beer/backstage/user/login/captcha',
  getCaptcha: '/api/beer/backstage/user/get/captcha',
  logout: '/api/beer/minic/logout/pc',
  userInfo: '/api/beer/backstage/user/info',
  menu: '/api/user/menu',
  roleShop: '/api/beer/backstage/user/role/shop',
  roleShopChange: '/api/beer/backstage/user/role/shop/change',
  passwordModify: '/api/beer/minic/user/password/modify',
  /** REST resources live under this prefix: `${RESOURCE_BASE}/shops`. */
  resourceBase: '/api/beer/backstage',
} as const;
