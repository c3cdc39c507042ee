import { useCallback, useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Skeleton, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServiceRecord } from '../../../contract/serviceRecord';
import { formatDateTime } from '../../components/format';
import { changeRecord, signatureUrl, useCurrentConsent, useRecordCall } from './recordQueries';
import { PrivateImage } from './PrivateImage';
import { SignaturePadField } from './SignaturePadField';
import { Confirm } from '../../components/confirm/Confirm';

/**
 * The consent: the current version's text for the program type, the customer's signature on the
 * screen and the separate photo tick; once signed, what was signed and the photo consent's state.
 */
export function ConsentPanel({ record, disabled }: { record: ServiceRecord; disabled: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data: version, isLoading } = useCurrentConsent(record.programType);
  const [signature, setSignature] = useState<string | null>(null);
  const [photoConsent, setPhotoConsent] = useState(false);
  const [resigning, setResigning] = useState(false);
  const sign = useRecordCall(() =>
    changeRecord('post', record.id, '/consent', { versionId: version!.id, signature: signature!, photoConsent }),
  );
  const withdraw = useRecordCall(() => changeRecord('post', record.id, '/withdraw-photo-consent', {}));
  const onSignature = useCallback((dataUrl: string | null) => setSignature(dataUrl), []);

  const signed = record.consentSignedAt !== null;
  const signedCurrent = signed && version && record.consentVersionId === version.id;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {signed && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('serviceRecord.consent.signed')}>
            {record.consentTitle}（{t('serviceRecord.consent.version', { version: record.consentVersion })}）
          </Descriptions.Item>
          <Descriptions.Item label={t('serviceRecord.fields.consentSignedAt')}>{formatDateTime(record.consentSignedAt!)}</Descriptions.Item>
          <Descriptions.Item label={t('serviceRecord.consent.hash')}>
            <Typography.Text code style={{ wordBreak: 'break-all' }}>
              {record.consentTextHash}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('serviceRecord.fields.signature')}>
            <PrivateImage
              url={signatureUrl(record.id)}
              alt={t('serviceRecord.consent.signatureAlt', { name: record.customerName })}
              width={200}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('serviceRecord.fields.photoConsent')}>
            <Space wrap>
              {record.photoConsent
                ? t('serviceRecord.consent.photoGiven')
                : record.photoConsentWithdrawnAt
                  ? t('serviceRecord.consent.photoWithdrawn', {
                      at: formatDateTime(record.photoConsentWithdrawnAt),
                      by: record.photoConsentWithdrawnByName,
                    })
                  : t('serviceRecord.consent.photoNotGiven')}
              {record.photoConsent && (
                <Confirm
                  title={t('serviceRecord.consent.withdrawConfirm')}
                  onConfirm={() => withdraw.mutate(undefined)}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                >
                  <Button size="small" danger loading={withdraw.isPending}>
                    {t('serviceRecord.consent.withdraw')}
                  </Button>
                </Confirm>
              )}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
      {isLoading ? (
        <Skeleton active />
      ) : !version ? (
        <Alert type="warning" showIcon message={t('serviceRecord.consent.noVersion')} />
      ) : (
        !disabled &&
        (!signedCurrent || resigning) && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {version.title}（{t('serviceRecord.consent.version', { version: version.version })}）
            </Typography.Title>
            <div
              tabIndex={0}
              role="document"
              aria-label={version.title}
              style={{
                maxHeight: 200,
                overflowY: 'auto',
                whiteSpace: 'pre-wrap',
                padding: 12,
                background: token.colorFillQuaternary,
                borderRadius: token.borderRadius,
              }}
            >
              {version.body}
            </div>
            <SignaturePadField onChange={onSignature} />
            <Checkbox checked={photoConsent} onChange={(e) => setPhotoConsent(e.target.checked)}>
              {t('serviceRecord.consent.photoTick')}
            </Checkbox>
            <Button
              type="primary"
              disabled={!signature}
              loading={sign.isPending}
              onClick={() => sign.mutate(undefined, { onSuccess: () => setResigning(false) })}
            >
              {t('serviceRecord.consent.sign')}
            </Button>
          </Space>
        )
      )}
      {!disabled && signedCurrent && !resigning && (
        <Button size="small" onClick={() => setResigning(true)}>
          {t('serviceRecord.consent.resign')}
        </Button>
      )}
    </Space>
  );
}
