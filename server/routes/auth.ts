import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '../../contract/api';
import { getCaptchaSchema, loginCaptchaSchema, loginPasswordSchema, passwordModifySchema, roleShopChangeSchema } from '../../contract/auth';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { rateLimit } from '../auth/rateLimit';
import { endSession, loginWithPassword } from '../auth/login';
import { CAPTCHA_TTL_MINUTES, loginWithCaptcha, sendLoginCaptcha } from '../auth/captcha';
import { roleShopList, switchGrant, userInfo } from '../auth/grants';
import { changePassword } from '../auth/passwordChange';
import { ok } from '../http/reply';

/** The auth calls of docs/api.md; the logic lives in server/auth. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted on request, before the body is read, so floods of any shape use up the allowance.
  const loginLimit = rateLimit('login');

  app.post(API.loginPassword, { onRequest: loginLimit, schema: { body: loginPasswordSchema } }, async (req) =>
    ok({ token: await loginWithPassword(req, req.body) }),
  );

  app.post(API.loginCaptcha, { onRequest: loginLimit, schema: { body: loginCaptchaSchema } }, async (req) =>
    ok({ token: await loginWithCaptcha(req, req.body) }),
  );

  app.post(API.getCaptcha, { onRequest: rateLimit('captcha'), schema: { body: getCaptchaSchema } }, async (req) => {
    await sendLoginCaptcha(req, req.body.phone);
    return ok(null, `验证码已发送，${CAPTCHA_TTL_MINUTES} 分钟内有效`);
  });

  app.post(API.logout, { preValidation: authenticate }, async (req) => {
    await endSession(req);
    return ok(null);
  });

  app.post(API.userInfo, { preValidation: authenticate }, async (req) => ok(await userInfo(app.db, sessionOf(req))));

  app.post(API.roleShop, { preValidation: authenticate }, async (req) => ok(await roleShopList(app.db, sessionOf(req))));

  app.post(API.roleShopChange, { preValidation: authenticate, schema: { body: roleShopChangeSchema } }, async (req) =>
    ok(await switchGrant(req, req.body)),
  );

  app.post(
    API.passwordModify,
    { onRequest: rateLimit('password'), preValidation: authenticate, schema: { body: passwordModifySchema } },
    async (req) => {
      await changePassword(req, req.body);
      return ok(null, '密码已修改');
    },
  );
};

export default authRoutes;
