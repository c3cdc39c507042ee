import { useMemo } from 'react';
import { Avatar, Card, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { menuFor } from '../../../contract/access';
import { iconFor } from '../../resources/icons';
import { useCurrentUser } from '../../stores/currentUser';
import { dayPart, fullDate } from './greeting';
import RoleFigures from './RoleFigures';
import { OverdueCloses } from './OverdueCloses';
import './workplace.css';
import { ROLE_TONES, StatusTag } from '../../components/statusTag';

/** The landing page: greets the account, shows its role's figures of the day, and lists the pages its role may open. */
export default function WorkplacePage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const now = useMemo(() => new Date(), []);
  const pages = useMemo(
    () =>
      user
        ? menuFor(user.role)
            .flatMap((g) => g.children ?? [])
            .filter((p) => p.name !== 'Workplace')
        : [],
    [user],
  );
  if (!user) return null;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <div className="workplace-hello">
          <Avatar
            size={64}
            src={user.avatar || undefined}
            alt=""
            style={{ backgroundColor: 'var(--app-primary)', color: 'var(--app-on-primary)', fontSize: 28 }}
          >
            {user.name.slice(0, 1)}
          </Avatar>
          <div>
            <h2>{t(`workplace.greeting.${dayPart(now)}`, { name: user.name })}</h2>
            <div className="workplace-date">{fullDate(now, i18n.language)}</div>
            <Space size={8} wrap>
              <StatusTag tone={ROLE_TONES[user.role]}>{t(`account.options.role.${user.role}`)}</StatusTag>
              <span>
                {t('workplace.shop')}：{user.shop ?? t('layout.allShops')}
              </span>
              {user.jobName && (
                <span>
                  {t('workplace.job')}：{user.jobName}
                </span>
              )}
            </Space>
          </div>
        </div>
      </Card>
      <RoleFigures role={user.role} />
      {(user.role === 'shop-manager' || user.role === 'financial-staff') && <OverdueCloses />}
      {pages.length > 0 && (
        <Card title={t('workplace.shortcuts')}>
          <div className="workplace-shortcuts">
            {pages.map((page) => {
              const Icon = iconFor(page.meta.icon);
              return (
                <Link key={page.path} to={page.path} className="workplace-shortcut">
                  {Icon && <Icon />}
                  <span>{t(page.meta.locale)}</span>
                </Link>
              );
            })}
          </div>
        </Card>
      )}
    </Space>
  );
}
