import { describe, expect, it } from 'vitest';
import { regionLabel, regionPath } from '../../contract/region';

describe('regionLabel', () => {
  it("leaves out a municipality's 市辖区 level but keeps the path it stands on", () => {
    expect(regionPath('110105')).toEqual(['110000', '110100', '110105']);
    expect(regionLabel('110105')).toBe('北京市 / 朝阳区');
    expect(regionLabel('310104')).toBe('上海市 / 徐汇区');
  });

  it('keeps every level of a province, and a 市辖区 picked as the last level', () => {
    expect(regionLabel('440106')).toBe('广东省 / 广州市 / 天河区');
    expect(regionLabel('110100')).toBe('北京市 / 市辖区');
    expect(regionLabel('999999')).toBe('999999');
  });
});
