import { useState } from 'react';
import { Button, Checkbox, Form, message, Modal } from 'antd';
// Input and Password alone: antd's Input index also carries TextArea, OTP and Search (/login stays under 350 KB gzip).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useLogin } from '@refinedev/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API } from '../../../contract/api';
import { PHONE_RE } from '../../../contract/phone';
import type { LoginParams } from '../../providers/authProvider';
import { api, type ApiError } from '../../providers/http';
import { redirectTarget } from '../../layout/guard/loginCheck';
import { rememberedPhone, rememberPhone } from './rememberedPhone';
import { useCountdown } from './useCountdown';
import LoginTabs from './LoginTabs';
import './login.css';

type Mode = 'password' | 'captcha';

interface LoginValues {
  phone: string;
  password?: string;
  captcha?: string;
  remember: boolean;
}

/** user/get/captcha allows one code per phone per minute. */
const RESEND_SECONDS = 60;

/** The login page of docs/console.md: phone + password, or phone + SMS code. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [form] = Form.useForm<LoginValues>();
  const [mode, setMode] = useState<Mode>('password');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown();
  const { mutateAsync: login, isPending } = useLogin<LoginParams>();

  const submit = (values: LoginValues) => {
    setError(undefined);
    const redirectTo = redirectTarget(search);
    const params: LoginParams =
      mode === 'password'
        ? { phone: values.phone, password: values.password ?? '', remember: values.remember, redirectTo }
        : { phone: values.phone, captcha: values.captcha ?? '', redirectTo };
    // The promise, not mutate's callbacks: a successful login leaves this page at once, and callbacks
    // of an unmounted component never run, so the phone would not be remembered.
    void login(params).then(({ success, error: failure }) => {
      if (success) return rememberPhone(values.remember ? values.phone : undefined);
      // The server's reason when it answered one (an envelope code), else "登录出错，请刷新重试"
      // (no answer, a proxy's error page).
      const { code, message: reason } = (failure ?? {}) as Partial<ApiError>;
      setError(code && reason ? reason : t('auth.loginError'));
    });
  };

  const sendCaptcha = async () => {
    const { phone } = await form.validateFields(['phone']).catch(() => ({ phone: undefined }));
    if (!phone) return;
    setSending(true);
    try {
      await api.post(API.getCaptcha, { phone });
      message.success(t('login.captcha.sent'));
      startCountdown(RESEND_SECONDS);
    } catch {
      // http.ts has shown the reason (e.g. 42900 "请在 40 秒后重试").
    } finally {
      setSending(false);
    }
  };

  const showForgot = () =>
    Modal.confirm({
      title: t('login.forgot'),
      content: t('login.forgot.content'),
      okText: t('login.forgot.useCaptcha'),
      cancelText: t('login.gotIt'),
      onOk: () => setMode('captcha'),
    });

  const showRegister = () => Modal.info({ title: t('login.register'), content: t('login.register.content'), okText: t('login.gotIt') });

  return (
    <div className="login-page">
      <section className="login-banner" aria-hidden>
        <div className="login-banner-brand">
          <img src="/logo.svg" alt="" />
          <span>{t('common.appName')}</span>
        </div>
        <p className="login-banner-subtitle">{t('login.subtitle')}</p>
      </section>
      <main className="login-main">
        <div className="login-box">
          {/* The banner is hidden on a phone: the brand comes along above the form. */}
          <div className="login-brand-compact">
            <img src="/logo.svg" alt="" />
            <span>{t('common.appName')}</span>
          </div>
          <h1 className="login-title">{t('login.heading')}</h1>
          <LoginTabs<Mode>
            active={mode}
            onChange={(key) => {
              setMode(key);
              setError(undefined);
            }}
            tabs={[
              { key: 'password', label: t('login.tab.password') },
              { key: 'captcha', label: t('login.tab.captcha') },
            ]}
          />
          {error && (
            <div className="login-error" role="alert">
              {error}
            </div>
          )}
          <Form<LoginValues>
            form={form}
            layout="vertical"
            size="large"
            requiredMark={false}
            initialValues={{ phone: rememberedPhone(), remember: rememberedPhone() !== undefined }}
            onFinish={submit}
          >
            <Form.Item
              name="phone"
              validateFirst
              rules={[
                { required: true, message: t('login.phone.required') },
                { pattern: PHONE_RE, message: t('login.phone.invalid') },
              ]}
            >
              <Input placeholder={t('login.phone.placeholder')} inputMode="tel" autoComplete="username" maxLength={11} allowClear />
            </Form.Item>
            {mode === 'password' ? (
              <Form.Item name="password" rules={[{ required: true, message: t('login.password.required') }]}>
                <Password placeholder={t('login.password.placeholder')} autoComplete="current-password" maxLength={64} />
              </Form.Item>
            ) : (
              <Form.Item>
                <div className="login-captcha">
                  <Form.Item
                    name="captcha"
                    noStyle
                    validateFirst
                    rules={[
                      { required: true, message: t('login.captcha.required') },
                      { pattern: /^\d{6}$/, message: t('login.captcha.invalid') },
                    ]}
                  >
                    <Input placeholder={t('login.captcha.placeholder')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
                  </Form.Item>
                  <Button onClick={sendCaptcha} loading={sending} disabled={secondsLeft > 0}>
                    {secondsLeft > 0 ? t('login.captcha.resend', { seconds: secondsLeft }) : t('login.captcha.send')}
                  </Button>
                </div>
              </Form.Item>
            )}
            <div className="login-actions">
              <Form.Item name="remember" valuePropName="checked" noStyle>
                <Checkbox title={t('login.remember.hint')}>{t('login.remember')}</Checkbox>
              </Form.Item>
              {/* Its answer is the code tab, so that tab does not offer it. */}
              {mode === 'password' && (
                <Button type="link" size="small" onClick={showForgot}>
                  {t('login.forgot')}
                </Button>
              )}
            </div>
            <Button type="primary" htmlType="submit" block loading={isPending}>
              {t('login.submit')}
            </Button>
            <Button type="text" block className="login-register" onClick={showRegister}>
              {t('login.register')}
            </Button>
          </Form>
        </div>
      </main>
    </div>
  );
}
