import { describe, expect, it } from 'vitest';
import { fromDatabase } from '../../server/http/errorHandler';

describe('database errors as client errors', () => {
  it('answers a value PostgreSQL cannot take (class 22) with 40000', () => {
    expect(fromDatabase({ code: '22008' })).toMatchObject({ code: 40000, message: '输入的值格式不正确或超出范围' });
  });

  it('leaves an error whose code is not PostgreSQL’s text to the other mappings, and does not throw', () => {
    expect(fromDatabase({ code: 40100 })).toBeUndefined();
    expect(fromDatabase({})).toBeUndefined();
  });
});
