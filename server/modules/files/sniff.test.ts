import { describe, expect, it } from 'vitest';
import { FILE_SNIFF_BYTES } from '../../../common/files';
import { makeTestClip } from '../../test/clips';
import { tinyPng } from '../../test/uploads';
import { sniffFile } from './uploads';

/** A ZIP of stored (uncompressed) entries: enough for a content sniffer, which reads local file headers. */
function zipOf(entries: [name: string, content: string][]): Buffer {
  const parts = entries.flatMap(([name, content]) => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(Buffer.byteLength(content), 18);
    header.writeUInt32LE(Buffer.byteLength(content), 22);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    return [header, Buffer.from(name), Buffer.from(content)];
  });
  return Buffer.concat(parts);
}

describe('sniffing uploads by their bytes', () => {
  it('decides images, PDFs and videos from the first 100 bytes alone', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 32)]);
    const clip = makeTestClip({ audio: false }).bytes;
    for (const [bytes, ext] of [
      [tinyPng(), 'png'],
      [pdf, 'pdf'],
      [clip, 'mp4'],
    ] as const) {
      expect((await sniffFile(bytes.subarray(0, FILE_SNIFF_BYTES)))?.ext).toBe(ext);
      expect((await sniffFile(bytes))?.ext).toBe(ext);
    }
  });

  it('looks further only into a ZIP, to tell an Office document by the entries inside it', async () => {
    const docx = zipOf([
      [
        '[Content_Types].xml',
        '<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="' +
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ],
      ['word/document.xml', '<w:document/>'],
    ]);
    // In 100 bytes it is only a ZIP: what names it a Word document comes later.
    expect(docx.indexOf('wordprocessingml')).toBeGreaterThan(FILE_SNIFF_BYTES);
    expect((await sniffFile(docx.subarray(0, FILE_SNIFF_BYTES)))?.ext).toBe('zip');
    expect(await sniffFile(docx)).toMatchObject({
      ext: 'docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it('knows no type for plain text, however long', async () => {
    expect(await sniffFile(Buffer.from('name,score\nAsha,9\n'.repeat(400)))).toBeNull();
  });
});
