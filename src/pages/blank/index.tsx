import { Card, Empty } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findAppRoute } from '../../resources';

/** A route of the table without a page of its own yet: its title and an empty card, already guarded. */
export default function BlankPage() {
  const { t } = useTranslation();
  const route = findAppRoute(useLocation().pathname);
  return (
    <Card title={route ? t(route.titleKey) : undefined}>
      <Empty />
    </Card>
  );
}
