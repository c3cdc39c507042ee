import { programPricesValid, programResource, PROGRAM_PRICE_ERROR, type Program } from '../../contract/program';
import { textSearch } from './engine/listQuery';
import { crossFieldRule, mockResource } from './engine/resource';
import { createdDaysAgo } from './demoTime';

const noImages = { mainImage: '', detailImages: [] };

export const programs = mockResource<Program>(programResource, {
  seed: () => [
    {
      ...createdDaysAgo(30),
      ...noImages,
      name: '雾眉',
      type: 1,
      priceFen: 168_000,
      vipPriceFen: 138_000,
      tag: '热销',
      details: [{ key: '保持时间', value: '1-2 年' }],
      durationMinutes: 120,
      touchUpDays: 60,
      status: 'on',
    },
    {
      ...createdDaysAgo(25),
      ...noImages,
      name: '水晶唇',
      type: 2,
      priceFen: 198_000,
      vipPriceFen: 168_000,
      tag: '',
      details: [],
      durationMinutes: 150,
      touchUpDays: 60,
      status: 'on',
    },
    {
      ...createdDaysAgo(20),
      ...noImages,
      name: '小气泡清洁',
      type: 3,
      priceFen: 29_800,
      vipPriceFen: 19_800,
      tag: '会员专享',
      details: [],
      durationMinutes: 60,
      touchUpDays: 0,
      status: 'off',
    },
  ],
  search: textSearch('name', 'tag'),
  // Managers list programs to offer them: on-shelf ones only, unless they ask for a status.
  beforeList: (params, { session }) => {
    if (session.role === 'shop-manager' && !params.has('status') && !params.has('status_ne')) params.set('status', 'on');
  },
  beforeWrite: crossFieldRule(programPricesValid, PROGRAM_PRICE_ERROR),
});
