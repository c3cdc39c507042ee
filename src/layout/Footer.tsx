import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';

export default function Footer() {
  const { t } = useTranslation();
  return <Layout.Footer className="app-footer">{t('layout.footer', { year: new Date().getFullYear() })}</Layout.Footer>;
}
