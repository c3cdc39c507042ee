import type { Writable } from 'node:stream';
import { ZipWriter, type ZipPartWriter } from './zipArchive';

/**
 * A column of the written sheet: its header, its width in characters, whether numbers show as 0.00,
 * and whether its texts are Shanghai wall-clock days ("YYYY-MM-DD", date) or times
 * ("YYYY-MM-DD HH:mm:ss", time), written as date cells a spreadsheet can sort and compute with.
 */
export interface SheetColumnLayout {
  header: string;
  width: number;
  twoDecimals: boolean;
  date?: 'date' | 'time';
}

/** The most rows one worksheet holds, the header row included. */
export const SHEET_MAX_ROWS = 1_048_576;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Indexes of the cell formats "0.00", "yyyy-mm-dd" and "yyyy-mm-dd hh:mm:ss" in styles.xml's cellXfs. */
const TWO_DECIMALS = 1;
const DATE_STYLE = { date: 2, time: 3 } as const;
/** Day 0 of the spreadsheet's date serial numbers (the 1900 date system), in UTC milliseconds. */
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;
/** Level 1 deflates the rows at several times level 6's speed for a file about a fifth larger. */
const SHEET_DEFLATE_LEVEL = 1;
/** Rows go to the deflater in pieces of about this many characters: short-lived, so young-generation garbage. */
const PIECE = 64 * 1024;

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot hold (and CR) are exactly what this matches
const XML_SPECIAL = /[&<>"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const XML_SPECIAL_ALL = new RegExp(XML_SPECIAL.source, 'g');
// A literal CR would be read back as LF (XML normalizes line ends); the reference keeps it.
const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/** Text made safe for XML; characters XML 1.0 cannot hold at all are dropped. */
function xmlText(s: string): string {
  return XML_SPECIAL.test(s) ? s.replace(XML_SPECIAL_ALL, (c) => ESCAPED[c] ?? '') : s;
}

/** A, B, …, Z, AA, …: the spreadsheet's name of the column at this 0-based index. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const contentTypes =
  `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

/** A relationships part: each relationship's type (under REL) and target, numbered rId1, rId2, … */
const relationships = (...rels: [type: string, target: string][]) =>
  `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  rels.map(([type, target], i) => `<Relationship Id="rId${i + 1}" Type="${REL}/${type}" Target="${target}"/>`).join('') +
  '</Relationships>';
const packageRels = relationships(['officeDocument', 'xl/workbook.xml']);
const workbookRels = relationships(['worksheet', 'worksheets/sheet1.xml'], ['styles', 'styles.xml']);

const styles =
  `${XML_DECLARATION}<styleSheet xmlns="${MAIN}">` +
  '<numFmts count="3"><numFmt numFmtId="164" formatCode="0.00"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/>' +
  '<numFmt numFmtId="166" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** A wall-clock day or time as the spreadsheet's date serial number (days since its day 0); null when it is not one. */
function dateSerial(text: string): number | null {
  const m = WALL_CLOCK.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', sec = '0'] = m;
  return (Date.UTC(+y, +mo - 1, +d, +h, +mi, +sec) - SERIAL_EPOCH) / DAY_MS;
}

/**
 * One worksheet written as its rows arrive: an .xlsx (a zip of XML parts) whose sheet part is
 * deflated while it is made, so memory holds one batch of rows, not the file. The header row is
 * frozen and carries the filter buttons; strings are inline (no shared-string table to keep), and
 * an inline string is never read as a formula, so text starting with = + - @ stays text.
 */
export class XlsxSheetWriter {
  private readonly zip: ZipWriter;
  private readonly sheet: ZipPartWriter;
  private readonly names: string[];
  /** Each column's cell attributes after the reference: its style, for the 0.00 and date columns. */
  private readonly styleOf: string[];
  private rowNumber = 1;
  /** The header row's write, which every later write follows. */
  private readonly head: Promise<void>;
  private readonly sheetEnd: string;

  constructor(
    out: Writable,
    title: string,
    private readonly columns: readonly SheetColumnLayout[],
  ) {
    this.names = columns.map((_, i) => columnName(i));
    this.styleOf = columns.map((c) => (c.date ? ` s="${DATE_STYLE[c.date]}"` : c.twoDecimals ? ` s="${TWO_DECIMALS}"` : ''));
    const last = this.names[this.names.length - 1];
    this.zip = new ZipWriter(out);
    this.zip.addFile('[Content_Types].xml', contentTypes);
    this.zip.addFile('_rels/.rels', packageRels);
    this.zip.addFile(
      'xl/workbook.xml',
      `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${xmlText(title)}" sheetId="1" r:id="rId1"/></sheets>` +
        `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">` +
        `'${xmlText(title.replace(/'/g, "''"))}'!$A$1:$${last}$1</definedName></definedNames>` +
        '</workbook>',
    );
    this.zip.addFile('xl/_rels/workbook.xml.rels', workbookRels);
    this.zip.addFile('xl/styles.xml', styles);
    this.sheet = this.zip.openFile('xl/worksheets/sheet1.xml', SHEET_DEFLATE_LEVEL);
    this.head = this.sheet.write(
      `${XML_DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
        '<selection pane="bottomLeft"/></sheetView></sheetViews>' +
        '<sheetFormatPr defaultRowHeight="15"/>' +
        `<cols>${columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('')}</cols>` +
        `<sheetData><row r="1">${columns.map((c, i) => `<c r="${this.names[i]}1" t="inlineStr"><is><t>${xmlText(c.header)}</t></is></c>`).join('')}</row>`,
    );
    this.sheetEnd = `</sheetData><autoFilter ref="A1:${last}1"/></worksheet>`;
  }

  /**
   * Rows of cell values in column order: a number is a number cell (0.00 where its column says so),
   * a boolean a boolean cell, a day or time in a date column a date cell, any other value its text;
   * null and undefined leave the cell empty. Rows past what a sheet holds are refused (the caller
   * checks the count before it starts).
   */
  async addRows(rows: readonly (readonly unknown[])[]): Promise<void> {
    await this.head;
    if (this.rowNumber + rows.length > SHEET_MAX_ROWS) throw new RangeError(`一张工作表最多 ${SHEET_MAX_ROWS} 行`);
    let xml = '';
    for (const values of rows) {
      const r = ++this.rowNumber;
      xml += `<row r="${r}">`;
      for (let i = 0; i < this.columns.length; i++) {
        const v = values[i];
        if (v === null || v === undefined) continue;
        if (typeof v === 'number') {
          if (Number.isFinite(v)) xml += `<c r="${this.names[i]}${r}"${this.styleOf[i]}><v>${v}</v></c>`;
        } else if (typeof v === 'boolean') {
          xml += `<c r="${this.names[i]}${r}" t="b"><v>${v ? 1 : 0}</v></c>`;
        } else {
          const serial = this.columns[i].date ? dateSerial(String(v)) : null;
          xml +=
            serial === null
              ? `<c r="${this.names[i]}${r}" t="inlineStr"><is><t xml:space="preserve">${xmlText(String(v))}</t></is></c>`
              : `<c r="${this.names[i]}${r}"${this.styleOf[i]}><v>${serial}</v></c>`;
        }
      }
      xml += '</row>';
      if (xml.length >= PIECE) {
        await this.sheet.write(xml);
        xml = '';
      }
    }
    await this.sheet.write(xml);
  }

  /** Closes the sheet and the archive; the stream ends. */
  async end(): Promise<void> {
    await this.head;
    await this.sheet.write(this.sheetEnd);
    await this.sheet.close();
    this.zip.finish();
  }
}
