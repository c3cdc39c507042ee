import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { SHEET_MAX_ROWS, XlsxSheetWriter } from '../../server/export/xlsxSheetWriter';

/** Writes rows through the sheet writer and reads the file back as a spreadsheet program would. */
async function written(columns: ConstructorParameters<typeof XlsxSheetWriter>[2], batches: unknown[][][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  const writer = new XlsxSheetWriter(out, "业绩'记录", columns);
  for (const rows of batches) await writer.addRows(rows);
  await writer.end();
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

describe('the streamed .xlsx sheet', () => {
  it('holds the header and every row, numbers as numbers (0.00 where asked), text as written, nulls empty', async () => {
    const sheet = await written(
      [
        { header: '编号', width: 10, twoDecimals: false },
        { header: '金额（元）', width: 12, twoDecimals: true },
        { header: '备注 <&>', width: 20, twoDecimals: false },
        { header: '通过', width: 6, twoDecimals: false },
      ],
      [
        [
          [1, 61.73, '注"释 <b> & 更多 ', true],
          [2, null, null, false],
        ],
        Array.from({ length: 3000 }, (_, i) => [3 + i, i / 100, `第${i}行`, null]),
      ],
    );
    expect(sheet.name).toBe("业绩'记录");
    expect(sheet.rowCount).toBe(3003);
    expect(sheet.getRow(1).values).toEqual([undefined, '编号', '金额（元）', '备注 <&>', '通过']);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 61.73, '注"释 <b> & 更多 ', true]);
    expect(sheet.getRow(3).values).toEqual([undefined, 2, undefined, undefined, false]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('0.00');
    expect(sheet.getRow(2).getCell(1).numFmt).toBeUndefined();
    expect(sheet.getRow(3003).values).toEqual([undefined, 3002, 29.99, '第2999行']);
    expect(sheet.getColumn(3).width).toBe(20);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:D1');
  });

  it('drops characters XML cannot hold and names columns past Z', async () => {
    const columns = Array.from({ length: 28 }, (_, i) => ({ header: `列${i + 1}`, width: 8, twoDecimals: false }));
    const sheet = await written(columns, [[Array.from({ length: 28 }, (_, i) => (i === 27 ? 'a\u0001b\u000bc' : i))]]);
    expect(sheet.getCell('AB1').value).toBe('列28');
    expect(sheet.getCell('AB2').value).toBe('abc');
    expect(sheet.autoFilter).toBe('A1:AB1');
  });

  it('writes days and times of date columns as date cells with a date format; other text stays text', async () => {
    const sheet = await written(
      [
        { header: '日期', width: 12, twoDecimals: false, date: 'date' },
        { header: '时间', width: 20, twoDecimals: false, date: 'time' },
      ],
      [
        [
          ['2026-11-28', '2026-11-28 09:30:05'],
          ['未知', null],
        ],
      ],
    );
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('A2').value).toEqual(new Date(Date.UTC(2026, 10, 28)));
    expect(sheet.getCell('A2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('B2').value).toEqual(new Date(Date.UTC(2026, 10, 28, 9, 30, 5)));
    expect(sheet.getCell('B2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getCell('A3').value).toBe('未知');
    expect(sheet.getCell('B3').value).toBeNull();
  });

  it('keeps text starting with = + - @ tab or carriage return exactly, as a string cell and never a formula', async () => {
    const texts = ['=HYPERLINK("http://x","点我")', '+1+1', '-2', '@SUM(A1)', '\t=1+1', '\r=1+1', 'a\r\nb'];
    const sheet = await written(
      texts.map((_, i) => ({ header: `列${i + 1}`, width: 8, twoDecimals: false })),
      [[texts]],
    );
    texts.forEach((text, i) => {
      const cell = sheet.getRow(2).getCell(i + 1);
      expect(cell.type, text).toBe(ExcelJS.ValueType.String);
      expect(cell.value, text).toBe(text);
    });
  });

  it('refuses rows past what one sheet holds', async () => {
    const writer = new XlsxSheetWriter(new PassThrough(), '表', [{ header: '编号', width: 8, twoDecimals: false }]);
    await expect(writer.addRows(Array.from({ length: SHEET_MAX_ROWS }, (_, i) => [i]))).rejects.toThrow(RangeError);
  });
});
