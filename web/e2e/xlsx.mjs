// Reads the cells of an xlsx file (a zip of XML parts) with node's zlib alone, for the
// browser tests that check a downloaded spreadsheet: its central directory, its shared
// strings and the first worksheet's cells by row.
import { inflateRawSync } from 'node:zlib';

/** The files of a zip archive by name (stored or deflated entries). */
export function unzip(buf) {
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error('a broken central directory');
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataAt, dataAt + size);
    files.set(name, method === 0 ? data : inflateRawSync(data));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

const unescape = (s) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The text of the <t> elements of an XML fragment, joined. */
const texts = (xml) => [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => unescape(m[1])).join('');

/** The first worksheet of an xlsx as rows (by row number) of cell texts (by column letter). */
export function sheetRows(buf) {
  const files = unzip(buf);
  const shared = [...(files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => texts(m[1]));
  const sheet = files.get('xl/worksheets/sheet1.xml');
  if (!sheet) throw new Error(`no first worksheet among ${[...files.keys()]}`);
  const rows = new Map();
  for (const row of sheet.toString('utf8').matchAll(/<row\b[^>]*\br="(\d+)"[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells = {};
    for (const c of row[2].matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = /\br="([A-Z]+)\d+"/.exec(c[1])?.[1];
      const type = /\bt="(\w+)"/.exec(c[1])?.[1];
      const body = c[2] ?? '';
      const v = /<v>([^<]*)<\/v>/.exec(body)?.[1];
      if (!ref) continue;
      if (type === 's') cells[ref] = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') cells[ref] = texts(body);
      else if (v !== undefined) cells[ref] = unescape(v);
    }
    rows.set(Number(row[1]), cells);
  }
  return rows;
}
