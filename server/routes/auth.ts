import type { FastifyPluginAsync } from 'fastify';
import { API } from '../../contract/api';
import { getCaptchaSchema, loginCaptchaSchema, loginPasswordSchema, passwordModifySchema, roleShopChangeSchema } from '../../contract/auth';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { rateLimit } from '../auth/rateLimit';
import { endSession, loginWithPassword } from '../auth/login';
import { CAPTCHA_TTL_MINUTES, loginWithCaptcha, sendLoginCaptcha } from '../auth/captcha';
import { roleShopList, switchGrant, userInfo } from '../auth/grants';
import { changePassword } from '../auth/passwordChange';
import { parseInput } from '../http/validate';
import { ok } from '../http/reply';

/** The auth calls of SPEC.md section 7; the logic lives in server/auth. */
const authRoutes: FastifyPluginAsync = async (app) => {
  // Counted on request, before the body is read, so floods of any shape use up the allowance.
  const loginLimit = rateLimit('login');

  app.post(API.loginPassword, { onRequest: loginLimit }, async (req) => ok({ token: await loginWithPassword(req, parseInput(loginPasswordSchema, req.body)) }));

  app.post(API.loginCaptcha, { onRequest: loginLimit }, async (req) => ok({ token: await loginWithCaptcha(req, parseInput(loginCaptchaSchema, req.body)) }));

  app.post(API.getCaptcha, { onRequest: rateLimit('captcha') }, async (req) => {
    await sendLoginCaptcha(req, parseInput(getCaptchaSchema, req.body).phone);
    return ok(null, `验证码已发送，${CAPTCHA_TTL_MINUTES} 分钟内有效`);
  });

  app.post(API.logout, { preHandler: authenticate }, async (req) => {
    await endSession(req);
    return ok(null);
  });

  app.post(API.userInfo, { preHandler: authenticate }, async (req) => ok(await userInfo(app.db, sessionOf(req))));

  app.post(API.roleShop, { preHandler: authenticate }, async (req) => ok(await roleShopList(app.db, sessionOf(req))));

  app.post(API.roleShopChange, { preHandler: authenticate }, async (req) => ok(await switchGrant(req, parseInput(roleShopChangeSchema, req.body))));

  app.post(API.passwordModify, { onRequest: rateLimit('password'), preHandler: authenticate }, async (req) => {
    await changePassword(req, parseInput(passwordModifySchema, req.body));
    return ok(null, '密码已修改');
  });
};

export default authRoutes;
