import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input, type FormInstance, type FormRule } from 'antd';
import { mockLogin } from '../../../src/mocks/handlers';
import { applyServerErrors, zodRule } from '../../../src/providers/formRules';
import { api, type ApiError } from '../../../src/providers/http';
import { setToken } from '../../../src/providers/session';
import { shopFieldSchemas } from '../../../contract/shop';
import { loginPasswordSchema } from '../../../contract/auth';
import { optionalText } from '../../../contract/validation';
import { API } from '../../../contract/api';

/** What the rule answers for a value: undefined when it passes, else its message. */
async function check(rule: FormRule, value: unknown): Promise<string | undefined> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('zodRule must give a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('zodRule', () => {
  it('gives the messages of the contract schema', async () => {
    const name = zodRule(shopFieldSchemas.name);
    expect(await check(name, undefined)).toBe('请输入门店名称');
    expect(await check(name, '   ')).toBe('请输入门店名称');
    expect(await check(name, '店'.repeat(51))).toBe('门店名称最多 50 个字');
    expect(await check(name, '美颜坊·静安寺店')).toBeUndefined();

    const phone = zodRule(shopFieldSchemas.phone);
    expect(await check(phone, '12345')).toBe('联系电话格式不正确，例如 021-64581234 或 13800000000');
    expect(await check(phone, '021-64581234')).toBeUndefined();

    expect(await check(zodRule(shopFieldSchemas.openTime), '25:00')).toBe('营业开始时间格式应为 HH:mm');
    expect(await check(zodRule(loginPasswordSchema.shape.phone), '')).toBe('手机号格式不正确，应为 11 位手机号');
  });

  it('marks a field required exactly when the schema refuses an empty value', () => {
    expect(zodRule(shopFieldSchemas.name)).toMatchObject({ required: true });
    expect(zodRule(optionalText('备注', 200).optional())).toMatchObject({ required: false });
  });

  it('says what the server says for the same input', async () => {
    setToken(mockLogin('13800000001'));
    const input = {
      name: '店'.repeat(51),
      regionCode: '310104',
      address: '漕溪北路 1 号',
      phone: '12345',
      openTime: '10:0',
      closeTime: '21:00',
    };
    const error = (await api.post(`${API.resourceBase}/shops`, input).catch((e: unknown) => e)) as ApiError;
    expect(error.errors).toEqual({
      name: await check(zodRule(shopFieldSchemas.name), input.name),
      phone: await check(zodRule(shopFieldSchemas.phone), input.phone),
      openTime: await check(zodRule(shopFieldSchemas.openTime), input.openTime),
    });
  });

  it('shows its message on an antd form field', async () => {
    render(
      <Form onFinish={() => undefined}>
        <Form.Item label="门店名称" name="name" rules={[zodRule(shopFieldSchemas.name)]}>
          <Input />
        </Form.Item>
        <Button htmlType="submit">提交</Button>
      </Form>,
    );
    expect(document.querySelector('.ant-form-item-required')?.textContent).toBe('门店名称');
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入门店名称')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('门店名称'), '美颜坊');
    await waitFor(() => expect(screen.queryByText('请输入门店名称')).toBeNull());
  });
});

describe('applyServerErrors', () => {
  it('puts each field error of a rejected call on its field, including list items', async () => {
    let form!: FormInstance;
    function Probe() {
      [form] = Form.useForm();
      return (
        <Form form={form}>
          <Form.Item label="原密码" name="oldPassword">
            <Input />
          </Form.Item>
          <Form.List name="grants">
            {(fields) =>
              fields.map((f) => (
                <Form.Item key={f.key} label="门店" name={[f.name, 'shopID']}>
                  <Input />
                </Form.Item>
              ))
            }
          </Form.List>
        </Form>
      );
    }
    render(<Probe />);
    act(() => form.setFieldsValue({ grants: [{ shopID: '' }] }));
    let applied = false;
    act(() => {
      applied = applyServerErrors(form, { errors: { oldPassword: '原密码不正确', 'grants.0.shopID': '店长角色必须选择门店' } });
    });
    expect(applied).toBe(true);
    expect(await screen.findByText('原密码不正确')).toBeTruthy();
    expect(await screen.findByText('店长角色必须选择门店')).toBeTruthy();
    expect(form.getFieldError(['grants', 0, 'shopID'])).toEqual(['店长角色必须选择门店']);
  });

  it('answers false when the error names no field', () => {
    let form!: FormInstance;
    function Probe() {
      [form] = Form.useForm();
      return <Form form={form} />;
    }
    render(<Probe />);
    expect(applyServerErrors(form, { errors: undefined })).toBe(false);
  });
});
