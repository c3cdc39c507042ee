import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Empty, Segmented, Space, Typography } from 'antd';
import { CameraOutlined, DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PHOTO_KINDS, type PhotoKind, type ServiceRecord } from '../../../contract/serviceRecord';
import { formatDateTime } from '../../components/format';
import { http } from '../../providers/http';
import { changeRecord, photoUrl, RECORDS_PATH, useRecordCall } from './recordQueries';
import { PrivateImage } from './PrivateImage';
import { Confirm } from '../../components/confirm/Confirm';

/** The photos of a record by kind, before and after side by side; the alt text names the kind, the customer and the time. */
export function PhotoGallery({ record, onDelete }: { record: ServiceRecord; onDelete?: (photoId: number) => void }) {
  const { t } = useTranslation();
  if (!record.photos.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('serviceRecord.photo.none')} />;
  return (
    <Space wrap align="start" size="middle">
      {PHOTO_KINDS.flatMap((kind) =>
        record.photos
          .filter((p) => p.kind === kind)
          .map((p) => {
            const alt = t('serviceRecord.photo.alt', {
              kind: t(`serviceRecord.options.kind.${kind}`),
              name: record.customerName,
              at: formatDateTime(p.createdAt),
            });
            return (
              <Space key={p.id} direction="vertical" size={4}>
                <Typography.Text strong>{t(`serviceRecord.options.kind.${kind}`)}</Typography.Text>
                <PrivateImage url={photoUrl(record.id, p.id)} alt={alt} />
                {onDelete && (
                  <Confirm
                    title={t('serviceRecord.photo.deleteConfirm')}
                    onConfirm={() => onDelete(p.id)}
                    okText={t('common.ok')}
                    cancelText={t('common.cancel')}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('serviceRecord.photo.delete', { alt })} />
                  </Confirm>
                )}
              </Space>
            );
          }),
      )}
    </Space>
  );
}

/**
 * Before, after and touch-up photos: taken with the tablet's camera (an input with `capture`, which
 * opens the camera straight away) or picked from the device's pictures, re-encoded and kept privately
 * by the server, only with the customer's photo consent.
 */
export function PhotoPanel({ record, disabled }: { record: ServiceRecord; disabled: boolean }) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<PhotoKind>('before');
  const upload = useRecordCall(async (file: File) => {
    const body = new FormData();
    body.append('kind', kind);
    body.append('file', file);
    return (await http.post<ServiceRecord>(`${RECORDS_PATH}/${record.id}/photos`, body)).data;
  });
  const remove = useRecordCall((photoId: number) => changeRecord('delete', record.id, `/photos/${photoId}`));
  const send = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) upload.mutate(file);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {!record.photoConsent && <Alert type="info" showIcon message={t('serviceRecord.photo.needsConsent')} />}
      {!disabled && record.photoConsent && (
        <Space wrap>
          <Segmented<PhotoKind>
            aria-label={t('serviceRecord.fields.kind')}
            value={kind}
            onChange={setKind}
            options={PHOTO_KINDS.map((k) => ({ value: k, label: t(`serviceRecord.options.kind.${k}`) }))}
          />
          <Button icon={<CameraOutlined />} loading={upload.isPending} onClick={() => camera.current?.click()}>
            {t('serviceRecord.photo.take')}
          </Button>
          <Button icon={<PictureOutlined />} loading={upload.isPending} onClick={() => picker.current?.click()}>
            {t('serviceRecord.photo.pick')}
          </Button>
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            aria-label={t('serviceRecord.photo.camera')}
            style={{ display: 'none' }}
            onChange={send}
          />
          <input
            ref={picker}
            type="file"
            accept="image/*"
            aria-label={t('serviceRecord.photo.file')}
            data-testid="photo-input"
            style={{ display: 'none' }}
            onChange={send}
          />
        </Space>
      )}
      <PhotoGallery record={record} onDelete={disabled ? undefined : (photoId) => remove.mutate(photoId)} />
    </Space>
  );
}
