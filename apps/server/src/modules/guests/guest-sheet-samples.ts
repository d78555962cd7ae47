import { crc32, deflateRawSync } from 'node:zlib';

/** Hand-built xlsx files for the tests and bench:uploads (shapes exceljs would not write, or too slowly). */

/** A zip of deflated entries, sizes and CRCs true. */
export const zipOf = (parts: Record<string, string | Buffer>): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(parts)) {
    const raw = typeof content === 'string' ? Buffer.from(content) : content;
    const data = deflateRawSync(raw, { level: 6 });
    const fileName = Buffer.from(name);
    const crc = crc32(raw) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  const count = Object.keys(parts).length;
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A minimal workbook: the sheets' `<sheetData>` content as given, optional shared strings, sheets in order. */
export const workbookOf = (sheets: { rowsXml: string | Buffer; state?: 'hidden' }[], sharedStrings?: string[]): Buffer => {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const parts: Record<string, string | Buffer> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      sheets
        .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
        .join('') +
      (sharedStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : '') +
      '</Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets>${sheets
      .map((sheet, i) => `<sheet name="S${i + 1}" sheetId="${i + 1}"${sheet.state ? ` state="${sheet.state}"` : ''} r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${RELS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join('')}${sharedStrings ? `<Relationship Id="rIdS" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
  };
  sheets.forEach((sheet, i) => {
    const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`);
    const tail = Buffer.from('</sheetData></worksheet>');
    parts[`xl/worksheets/sheet${i + 1}.xml`] = Buffer.concat([head, Buffer.from(sheet.rowsXml), tail]);
  });
  if (sharedStrings) {
    parts['xl/sharedStrings.xml'] =
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="${sharedStrings.length}" uniqueCount="${sharedStrings.length}">` +
      sharedStrings.map((text) => `<si><t xml:space="preserve">${escape(text)}</t></si>`).join('') +
      '</sst>';
  }
  return zipOf(parts);
};

/**
 * The issue's file: titles, then `rows` one-cell rows (the same phone each, a shared string). 900,000 rows
 * pack into about 4.4 MB and unpack to about 40 MB, inside the zip limits, so only the row limit can refuse it.
 */
export const manyRowsWorkbook = (rows: number): Buffer => {
  const lines: string[] = ['<row r="1"><c r="A1" t="inlineStr"><is><t>Full name</t></is></c><c r="B1" t="inlineStr"><is><t>Phone</t></is></c></row>'];
  for (let n = 2; n <= rows + 1; n++) lines.push(`<row r="${n}"><c r="B${n}" t="s"><v>0</v></c></row>`);
  return workbookOf([{ rowsXml: lines.join('') }], ['050-123-4567']);
};
