import type { KeyboardEvent } from 'react';

export interface LoginTab<K extends string> {
  key: K;
  label: string;
}

/**
 * The two login modes as a tab strip. antd's Tabs brings its overflow dropdown and menu (about 40 KB
 * gzip) to a page that has exactly two tabs and a 350 KB budget, so this is a plain WAI-ARIA tablist.
 */
export default function LoginTabs<K extends string>({
  tabs,
  active,
  onChange,
}: {
  tabs: LoginTab<K>[];
  active: K;
  onChange: (key: K) => void;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const i = tabs.findIndex((t) => t.key === active);
    const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    onChange(next.key);
    document.getElementById(`login-tab-${next.key}`)?.focus();
  };
  return (
    <div className="login-tabs" role="tablist" onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          id={`login-tab-${tab.key}`}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          tabIndex={tab.key === active ? 0 : -1}
          className={tab.key === active ? 'login-tab login-tab-active' : 'login-tab'}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
