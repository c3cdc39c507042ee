import { Button, Dropdown, message } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { i18nProvider } from '../../providers/i18nProvider';
import type { Locale } from '../../locales';

/** docs/console.md: the language switch offers only Chinese. */
const OFFERED: { locale: Locale; label: string }[] = [{ locale: 'zh-CN', label: '中文' }];

/** The navbar's language switch; choosing a language stores it (arco-locale) and says so (docs/routes.md). */
export function LocaleSwitch() {
  const { t, i18n } = useTranslation();
  const choose = async (locale: Locale) => {
    await i18nProvider.changeLocale(locale);
    void message.success(t('account.locale.changed'));
  };
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: OFFERED.map(({ locale, label }) => ({ key: locale, label })),
        onClick: ({ key }) => void choose(key as Locale),
      }}
    >
      <Button
        type="text"
        shape="circle"
        icon={<TranslationOutlined style={{ fontSize: 18 }} />}
        aria-label={t('account.locale.title')}
        data-testid="locale-switch"
      />
    </Dropdown>
  );
}
