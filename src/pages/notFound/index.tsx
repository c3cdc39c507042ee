import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROUTE } from '../../../contract/routes';

/** Any path outside the route table (docs/routes.md). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('common.notFound.title')}
      subTitle={t('common.notFound.description')}
      extra={
        <Button type="primary" onClick={() => navigate(DEFAULT_ROUTE)}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
