import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '../../contract/api';
import {
  getCaptchaSchema,
  loginAnswerSchema,
  loginCaptchaSchema,
  loginPasswordSchema,
  passwordModifySchema,
  roleShopChangeSchema,
  roleShopListSchema,
  userInfoSchema,
} from '../../contract/auth';
import { authenticate, sessionOf } from '../auth/sessionGuard';
import { rateLimit } from '../auth/rateLimit';
import { endSession, loginWithPassword } from '../auth/login';
import { CAPTCHA_TTL_MINUTES, loginWithCaptcha, sendLoginCaptcha } from '../auth/captcha';
import { roleShopList, switchGrant, userInfo } from '../auth/grants';
import { changePassword } from '../auth/passwordChange';
import { ok } from '../http/reply';
import { envelope, nullAnswer } from '../http/routeSchemas';
import { READS_ONLY, errorAnswers } from '../http/apiDocument';

// An account without a role, or captchas without an SMS provider: 403.
const loginAnswer = { 200: envelope(loginAnswerSchema), ...errorAnswers(403) };
const roleShopAnswer = { 200: envelope(roleShopListSchema) };

/** The auth calls of docs/api.md; the logic lives in server/auth. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Counted on request, before the body is read, so floods of any shape use up the allowance.
  const loginLimit = rateLimit('login');

  app.post(API.loginPassword, { onRequest: loginLimit, schema: { body: loginPasswordSchema, response: loginAnswer } }, async (req) =>
    ok({ token: await loginWithPassword(req, req.body) }),
  );

  app.post(API.loginCaptcha, { onRequest: loginLimit, schema: { body: loginCaptchaSchema, response: loginAnswer } }, async (req) =>
    ok({ token: await loginWithCaptcha(req, req.body) }),
  );

  app.post(
    API.getCaptcha,
    { onRequest: rateLimit('captcha'), schema: { body: getCaptchaSchema, response: { ...nullAnswer, ...errorAnswers(403) } } },
    async (req) => {
      await sendLoginCaptcha(req, req.body.phone);
      return ok(null, `验证码已发送，${CAPTCHA_TTL_MINUTES} 分钟内有效`);
    },
  );

  app.post(API.logout, { preValidation: authenticate, schema: { response: nullAnswer } }, async (req) => {
    await endSession(req);
    return ok(null);
  });

  app.post(
    API.userInfo,
    { preValidation: authenticate, ...READS_ONLY, schema: { response: { 200: envelope(userInfoSchema) } } },
    async (req) => ok(await userInfo(app.db, sessionOf(req))),
  );

  app.post(API.roleShop, { preValidation: authenticate, ...READS_ONLY, schema: { response: roleShopAnswer } }, async (req) =>
    ok(await roleShopList(app.db, sessionOf(req))),
  );

  app.post(
    API.roleShopChange,
    { preValidation: authenticate, schema: { body: roleShopChangeSchema, response: { ...roleShopAnswer, ...errorAnswers(403) } } },
    async (req) => ok(await switchGrant(req, req.body)),
  );

  app.post(
    API.passwordModify,
    { onRequest: rateLimit('password'), preValidation: authenticate, schema: { body: passwordModifySchema, response: nullAnswer } },
    async (req) => {
      await changePassword(req, req.body);
      return ok(null, '密码已修改');
    },
  );
};

export default authRoutes;
