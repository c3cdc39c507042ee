import { useEffect, useRef } from 'react';
import { Button, Space, theme } from 'antd';
import SignaturePad from 'signature_pad';
import { useTranslation } from 'react-i18next';

/**
 * The customer's signature drawn on the screen (finger, pen or mouse) with signature_pad; onChange
 * gets the PNG data URL after each stroke, or null once cleared.
 */
export function SignaturePadField({ onChange }: { onChange: (dataUrl: string | null) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const el = canvas.current!;
    // Drawn at the device's pixel density, so the signature stays sharp on a tablet.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')!.scale(ratio, ratio);
    const p = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(0,0,0)' });
    p.addEventListener('endStroke', () => onChange(p.isEmpty() ? null : p.toDataURL('image/png')));
    pad.current = p;
    return () => p.off();
  }, [onChange]);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('serviceRecord.consent.padLabel')}
        data-testid="signature-pad"
        style={{
          width: '100%',
          height: 160,
          border: `1px dashed ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          touchAction: 'none',
          background: '#fff',
        }}
      />
      <Button
        size="small"
        onClick={() => {
          pad.current?.clear();
          onChange(null);
        }}
      >
        {t('serviceRecord.consent.clear')}
      </Button>
    </Space>
  );
}
