import { bannerPeriodValid, bannerResource, BANNER_PERIOD_ERROR, type Banner } from '../../contract/banner';
import { textSearch } from './engine/listQuery';
import { crossFieldRule, mockResource } from './engine/resource';
import { createdDaysAgo, daysFromNow } from './demoTime';

mockResource<Banner>(bannerResource, {
  seed: () => [
    {
      ...createdDaysAgo(20),
      name: '新客首单立减 200 元',
      platform: '小程序',
      priority: 100,
      image: '',
      type: '首页轮播',
      source: '市场部',
      jumpLink: '/pages/activity/new-customer',
      imageLink: '',
      status: 'on',
      startAt: daysFromNow(-10),
      endAt: daysFromNow(50),
    },
    {
      ...createdDaysAgo(15),
      name: '会员日 全场护理 8 折',
      platform: 'H5',
      priority: 80,
      image: '',
      type: '活动页',
      source: '运营部',
      jumpLink: 'https://m.example.com/member-day',
      imageLink: '',
      status: 'on',
      startAt: null,
      endAt: null,
    },
    {
      ...createdDaysAgo(90),
      name: '春季眉形设计沙龙',
      platform: 'H5',
      priority: 60,
      image: '',
      type: '活动页',
      source: '市场部',
      jumpLink: '',
      imageLink: '',
      status: 'off',
      startAt: daysFromNow(-120),
      endAt: daysFromNow(-90),
    },
  ],
  search: textSearch('name', 'platform', 'source'),
  // Highest priority first, as the customer app shows them.
  defaultSort: (a, b) => b.priority - a.priority,
  beforeWrite: crossFieldRule(bannerPeriodValid, BANNER_PERIOD_ERROR),
});
