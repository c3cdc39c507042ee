import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordRouteChange, recordTab } from '../../../../src/layout/guard/recordRoute';
import { getTabBar, resetTabs } from '../../../../src/stores/tabBar';

const progress = vi.hoisted(() => ({ beginProgress: vi.fn(), endProgress: vi.fn() }));
vi.mock('../../../../src/layout/progress', () => progress);

const paths = () => getTabBar().tabs.map((t) => t.fullPath);

beforeEach(() => {
  resetTabs();
  progress.beginProgress.mockClear();
  progress.endProgress.mockClear();
});

describe('recording a route change', () => {
  it('starts the progress bar and ends it once, however often the end is asked for', () => {
    const end = recordRouteChange();
    expect(progress.beginProgress).toHaveBeenCalledTimes(1);
    expect(progress.endProgress).not.toHaveBeenCalled();
    end();
    end();
    expect(progress.endProgress).toHaveBeenCalledTimes(1);
  });

  it('gives a page its tab, and an open tab the newest query', () => {
    recordTab({ pathname: '/shop/staff', search: '?page=2' });
    recordTab({ pathname: '/shop/staff', search: '?page=3' });
    expect(paths()).toEqual(['/dashboard/workplace', '/shop/staff?page=3']);
  });

  it('gives a path outside the route table the not-found tab', () => {
    recordTab({ pathname: '/no/such', search: '' });
    expect(getTabBar().tabs.at(-1)).toMatchObject({ name: 'NotFound', fullPath: '/no/such' });
  });

  it('gives login and the redirect route no tab', () => {
    recordTab({ pathname: '/login', search: '?redirect=%2Fshop%2Fstaff' });
    recordTab({ pathname: '/redirect/%2Fshop%2Fstaff', search: '' });
    expect(paths()).toEqual(['/dashboard/workplace']);
  });
});
