import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp, Form } from 'antd';
import { ImageUpload, type ImageUploadProps } from '../../../src/components/upload';
import { MAX_UPLOAD_BYTES, UPLOAD_PATH } from '../../../contract/upload';
import { mockLogin } from '../../../src/mocks/handlers';
import { setToken } from '../../../src/providers/session';
import { sentBodies } from './support';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];

type FieldProps = ImageUploadProps extends infer P ? (P extends unknown ? Omit<P, 'value' | 'onChange'> : never) : never;

/** An ImageUpload bound to a form field, with the field's value printed beside it. */
function renderField(props: FieldProps, initial?: string | string[]) {
  setToken(mockLogin('13800000001'));
  function Harness() {
    const [form] = Form.useForm();
    return (
      <AntdApp>
        <Form form={form} initialValues={{ images: initial }}>
          <Form.Item name="images" label="图片">
            <ImageUpload {...(props as ImageUploadProps)} />
          </Form.Item>
          <Form.Item shouldUpdate noStyle>
            {() => <output data-testid="value">{JSON.stringify(form.getFieldValue('images') ?? null)}</output>}
          </Form.Item>
        </Form>
      </AntdApp>
    );
  }
  render(<Harness />);
  const user = userEvent.setup({ delay: null, applyAccept: false });
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  const value = () => JSON.parse(screen.getByTestId('value').textContent!) as unknown;
  return { user, input, value };
}

describe('ImageUpload', () => {
  it('accepts only JPEG, PNG and WebP', () => {
    const { input } = renderField({});
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
  });

  it('uploads an image with the bearer token and keeps its URL as the field value', async () => {
    const { user, input, value } = renderField({});
    await user.upload(input, new File([new Uint8Array(PNG)], '眉形.png', { type: 'image/png' }));
    await waitFor(() => expect(value()).toMatch(new RegExp(`^${UPLOAD_PATH}/[0-9a-f]{32}\\.png$`)));
    const img = await screen.findByRole('img', { name: /png$/ });
    expect(img.getAttribute('src')).toBe(value());
    // One image: the picker is gone until it is removed.
    expect(screen.queryByText('上传')).toBeNull();
    await user.click(screen.getByRole('button', { name: /delete|删除/i }));
    await waitFor(() => expect(value()).toBe(''));
    expect(screen.getByText('上传')).toBeTruthy();
  });

  it('refuses a file over 5 MB before sending it, in Chinese', async () => {
    const posted = sentBodies('POST', UPLOAD_PATH);
    const { user, input, value } = renderField({});
    await user.upload(input, new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('big.png 超过 5 MB，请压缩后再上传')).toBeTruthy();
    expect(value()).toBeNull();
    expect(posted).toHaveLength(0);
  });

  it('refuses another kind of file before sending it', async () => {
    const { user, input } = renderField({});
    await user.upload(input, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByText('anim.gif 不是 JPG、PNG 或 WebP 图片')).toBeTruthy();
  });

  it("shows the server's refusal when the bytes are not an image", async () => {
    const { user, input, value } = renderField({});
    await user.upload(input, new File(['<script>alert(1)</script>'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('只能上传 JPEG、PNG 或 WebP 格式的图片')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-error')).toBeTruthy());
    expect(value()).toBeNull();
  });

  it('keeps several images in order, moves and removes them', async () => {
    const a = `${UPLOAD_PATH}/${'a'.repeat(32)}.png`;
    const b = `${UPLOAD_PATH}/${'b'.repeat(32)}.png`;
    const { user, input, value } = renderField({ multiple: true, sortable: true, max: 3 }, [a, b]);
    const cards = () => [...document.querySelectorAll('.ant-upload-list-item-container')];
    expect(cards()).toHaveLength(2);
    await user.click(within(cards()[0] as HTMLElement).getByRole('button', { name: '后移' }));
    await waitFor(() => expect(value()).toEqual([b, a]));
    await user.upload(input, new File([new Uint8Array(PNG)], 'c.png', { type: 'image/png' }));
    await waitFor(() => expect(value()).toHaveLength(3));
    expect((value() as string[]).slice(0, 2)).toEqual([b, a]);
    await user.click(within(cards()[0] as HTMLElement).getByRole('button', { name: /delete|删除/i }));
    await waitFor(() => expect((value() as string[]).slice(0, 1)).toEqual([a]));
    expect(value()).toHaveLength(2);
  });

  it('refuses more images than the list may hold', async () => {
    const a = `${UPLOAD_PATH}/${'a'.repeat(32)}.png`;
    const { user, input, value } = renderField({ multiple: true, max: 2 }, [a]);
    await user.upload(input, [
      new File([new Uint8Array(PNG)], '1.png', { type: 'image/png' }),
      new File([new Uint8Array(PNG)], '2.png', { type: 'image/png' }),
    ]);
    expect(await screen.findByText('最多上传 2 张图片')).toBeTruthy();
    await waitFor(() => expect(value()).toHaveLength(2));
  });

  it('previews an image large', async () => {
    const a = `${UPLOAD_PATH}/${'a'.repeat(32)}.png`;
    const { user } = renderField({}, a);
    await user.click(screen.getByTitle(/preview file|预览文件/i));
    await waitFor(() => expect(document.querySelector('.ant-image-preview-img')?.getAttribute('src')).toBe(a));
  });
});
