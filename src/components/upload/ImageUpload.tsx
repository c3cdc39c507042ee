import { useRef, useState } from 'react';
import { Button, Image, Upload, message, type UploadFile, type UploadProps } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES, UPLOAD_MIMES, UPLOAD_PATH, type UploadedImage } from '../../../contract/upload';
import { http } from '../../providers/http';
import { imageSrc } from './imageSrc';

interface CommonProps {
  id?: string;
  disabled?: boolean;
}
interface SingleProps extends CommonProps {
  multiple?: false;
  /** The stored image URL; '' or undefined when none. */
  value?: string | null;
  onChange?: (url: string) => void;
}
interface MultipleProps extends CommonProps {
  multiple: true;
  /** Image URLs in display order. */
  value?: string[] | null;
  onChange?: (urls: string[]) => void;
  /** Most images the list may hold. */
  max?: number;
  /** Shows move-left / move-right buttons on each image so the order can be changed. */
  sortable?: boolean;
}
export type ImageUploadProps = SingleProps | MultipleProps;

const ACCEPT = UPLOAD_MIMES.join(',');
const MAX_MB = MAX_UPLOAD_BYTES / 1024 / 1024;

function urlsOf(value: string | string[] | null | undefined): string[] {
  if (Array.isArray(value)) return value;
  return value ? [value] : [];
}

function fileOf(url: string): UploadFile {
  return { uid: url, name: url.split('/').at(-1) ?? url, status: 'done', url: imageSrc(url) };
}

/**
 * antd picture-card Upload bound to a form field holding image URLs: one URL (`multiple` off) or an
 * ordered list. Files go to the upload call through the shared http client (Bearer token, envelope,
 * server refusal toasted); progress, preview and remove come from antd. Only finished uploads reach
 * the form value; files still uploading or refused live in local state beside it.
 */
export function ImageUpload(props: ImageUploadProps) {
  const { t } = useTranslation();
  const urls = urlsOf(props.value);
  const max = props.multiple ? (props.max ?? Number.POSITIVE_INFINITY) : 1;
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string>();
  // Two uploads may finish before the form re-renders with the first URL; emit from the newest list.
  const latest = useRef(urls);
  latest.current = urls;

  const emit = (next: string[]) => {
    latest.current = next;
    if (props.multiple) props.onChange?.(next);
    else props.onChange?.(next[0] ?? '');
  };

  const upsertPending = (file: UploadFile) =>
    setPending((list) => (list.some((f) => f.uid === file.uid) ? list.map((f) => (f.uid === file.uid ? file : f)) : [...list, file]));
  const dropPending = (uid: string) => setPending((list) => list.filter((f) => f.uid !== uid));

  // A single image being replaced shows only the new file until it is done (or removed on failure).
  const fileList = props.multiple ? [...urls.map(fileOf), ...pending] : pending.length ? pending : urls.map(fileOf);

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (!(UPLOAD_MIMES as readonly string[]).includes(file.type)) {
      void message.error(t('upload.wrongType', { name: file.name }));
      return Upload.LIST_IGNORE;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      void message.error(t('upload.tooLarge', { name: file.name, max: MAX_MB }));
      return Upload.LIST_IGNORE;
    }
    if (props.multiple && latest.current.length + pending.length + batch.indexOf(file) >= max) {
      void message.error(t('upload.tooMany', { max }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const body = new FormData();
    body.append('file', file);
    const abort = new AbortController();
    http
      .post<UploadedImage>(UPLOAD_PATH, body, {
        signal: abort.signal,
        onUploadProgress: (e) => e.total && onProgress?.({ percent: Math.round((e.loaded / e.total) * 100) }),
      })
      .then((res) => onSuccess?.(res.data))
      // The http client already toasted the server's message; antd shows `response` on the card too.
      .catch((err: { message?: string }) => !abort.signal.aborted && onError?.(err as Error, err.message ?? t('upload.failed')));
    // Removing a card while it uploads cancels the request.
    return { abort: () => abort.abort() };
  };

  const onChange: UploadProps['onChange'] = ({ file }) => {
    if (file.status === 'done') {
      const uploaded = file.response as UploadedImage;
      dropPending(file.uid);
      emit(props.multiple ? [...latest.current, uploaded.url] : [uploaded.url]);
    } else if (file.status === 'uploading' || file.status === 'error') {
      upsertPending({ ...file });
    }
  };

  const onRemove = (file: UploadFile) => {
    if (pending.some((f) => f.uid === file.uid)) dropPending(file.uid);
    else emit(latest.current.filter((u) => u !== file.uid));
    return true;
  };

  const move = (url: string, by: -1 | 1) => {
    const next = [...latest.current];
    const from = next.indexOf(url);
    const to = from + by;
    if (from < 0 || to < 0 || to >= next.length) return;
    [next[from], next[to]] = [next[to], next[from]];
    emit(next);
  };

  const itemRender: UploadProps['itemRender'] =
    props.multiple && props.sortable
      ? (node, file) => {
          const index = urls.indexOf(file.uid);
          if (file.status !== 'done' || index < 0) return node;
          return (
            <div style={{ position: 'relative', width: '100%', height: '100%' }}>
              {node}
              <div style={{ position: 'absolute', left: 0, right: 0, bottom: -22, display: 'flex', justifyContent: 'center', gap: 4 }}>
                <Button
                  size="small"
                  type="text"
                  icon={<LeftOutlined />}
                  aria-label={t('upload.moveBefore')}
                  title={t('upload.moveBefore')}
                  disabled={props.disabled || index === 0}
                  onClick={() => move(file.uid, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<RightOutlined />}
                  aria-label={t('upload.moveAfter')}
                  title={t('upload.moveAfter')}
                  disabled={props.disabled || index === urls.length - 1}
                  onClick={() => move(file.uid, 1)}
                />
              </div>
            </div>
          );
        }
      : undefined;

  return (
    <div style={props.multiple && props.sortable ? { paddingBottom: 20 } : undefined}>
      <Upload
        id={props.id}
        listType="picture-card"
        accept={ACCEPT}
        multiple={props.multiple}
        disabled={props.disabled}
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={onChange}
        onRemove={onRemove}
        onPreview={(file) => setPreview(file.url ?? file.thumbUrl)}
        itemRender={itemRender}
      >
        {fileList.length < max && !props.disabled && (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload.button')}</div>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          wrapperStyle={{ display: 'none' }}
          src={preview}
          alt={t('upload.preview')}
          preview={{ visible: true, onVisibleChange: (visible) => !visible && setPreview(undefined) }}
        />
      )}
    </div>
  );
}

/** The multi-image variant with reordering, as detail-image fields use it. */
export function ImageListUpload(props: Omit<MultipleProps, 'multiple'>) {
  return <ImageUpload sortable {...props} multiple />;
}
