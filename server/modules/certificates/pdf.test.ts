import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { describe, expect, it, vi } from 'vitest';
import { pdfText, popplerText } from '../../test/pdf-text';
import { drawnPng, orientedJpeg, rgbPng } from '../../test/pictures';
import type { CertificateTemplate, IssuedContent } from './content';
import {
  type CertificatePdfOptions,
  checkedImage,
  contentHours,
  DEFAULT_TEMPLATE,
  fillPlaceholders,
  renderCertificatePdf,
} from './pdf';

const VERIFY_URL = 'https://gurukul.example.in/certificates/verify/GK-2025-7Q4M-X2PA';
/** 14 March 20:00 UTC is already 15 March in India. */
const ISSUED_AT = '2025-03-14T20:00:00.000Z';

function content(overrides: Partial<IssuedContent> = {}, template: Partial<CertificateTemplate> = {}) {
  return {
    certificateId: 'GK-2025-7Q4M-X2PA',
    recipientName: 'Ananya Sharma',
    courseId: 'course-1',
    courseTitle: 'The Water Cycle',
    issuerName: 'Saraswati Vidya Institute',
    teacherName: 'Ravi Kumar',
    contentSeconds: 9000,
    issuedAt: ISSUED_AT,
    language: 'en',
    verifyUrl: VERIFY_URL,
    ...overrides,
    template: {
      ...DEFAULT_TEMPLATE,
      signatoryName: 'Dr. Asha Rao',
      signatoryTitle: 'Principal',
      ...template,
    },
  } satisfies IssuedContent;
}

const ENGLISH = content();
const HINDI = content({ recipientName: 'अनन्या शर्मा', courseTitle: 'जल चक्र', language: 'hi' });

const render = (certificate: IssuedContent, options: CertificatePdfOptions = {}) =>
  renderCertificatePdf(certificate, { compress: false, ...options });

/** Runs a Poppler tool on the PDF in a scratch folder: `run(file, prefix)` gives its arguments. */
function withPdf<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'gurukul-certificate-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PNG files a Poppler tool wrote into `dir`, in name order. */
const pngsIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => readFileSync(path.join(dir, name)));

/** The page as a printer would see it: rasterised at 150 dpi. */
const pageImages = (pdf: Buffer) =>
  withPdf(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', '150', '-png', file, path.join(dir, 'page')]);
    return pngsIn(dir);
  });

/** The images embedded in the PDF, as they are stored (SMasks are written as images of their own). */
const embeddedImages = (pdf: Buffer) =>
  withPdf(pdf, (file, dir) => {
    execFileSync('pdfimages', ['-png', file, path.join(dir, 'image')]);
    return pngsIn(dir);
  });

const pageCount = (pdf: Buffer) =>
  withPdf(pdf, (file) =>
    Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]),
  );

const pdfTitle = (pdf: Buffer) =>
  withPdf(pdf, (file) =>
    /Title:\s+(.*)/.exec(execFileSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' }))?.[1].trim(),
  );

/** Every word Poppler reads, with its box in points, and the page's size. */
function wordBoxes(pdf: Buffer) {
  const html = withPdf(pdf, (file) => execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }));
  const page = /<page width="([\d.]+)" height="([\d.]+)"/.exec(html);
  const words = [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map(([, xMin, yMin, xMax, yMax, text]) => ({
    xMin: Number(xMin),
    yMin: Number(yMin),
    xMax: Number(xMax),
    yMax: Number(yMax),
    text,
  }));
  return { width: Number(page?.[1]), height: Number(page?.[2]), words };
}

/** The text of a QR code in the picture, read as a phone would; null when there is none. */
async function qrIn(png: Buffer): Promise<string | null> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, image.width, image.height);
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return jsQR(data, image.width, image.height)?.data ?? null;
}

/** The QR codes found in the page image and among the embedded images. */
async function qrCodes(pdf: Buffer) {
  const [page] = pageImages(pdf);
  const embedded = await Promise.all(embeddedImages(pdf).map(qrIn));
  return { page: await qrIn(page), embedded: embedded.filter((text) => text !== null) };
}

const squeezed = (text: string) => text.replace(/\s+/gu, '');
const longDate = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

describe('renderCertificatePdf', () => {
  it('prints an English certificate with a QR code of the verification page', async () => {
    const pdf = await render(ENGLISH);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    const text = popplerText(pdf);
    for (const part of [
      'Certificate of Completion',
      'Ananya Sharma',
      'The Water Cycle',
      'Saraswati Vidya Institute',
      '2.5 hours',
      `Issued on ${longDate(ISSUED_AT, 'en-US')}`,
      'March 15, 2025',
      'Certificate ID: GK-2025-7Q4M-X2PA',
      'Dr. Asha Rao',
      'Principal',
    ])
      expect(text).toContain(part);
    // The link may wrap between lines.
    expect(squeezed(text)).toContain(squeezed(`Verify this certificate at ${VERIFY_URL}`));
    expect(pdfTitle(pdf)).toBe('The Water Cycle: certificate of Ananya Sharma');

    const qr = await qrCodes(pdf);
    expect(qr.page).toBe(VERIFY_URL);
    expect(qr.embedded).toEqual([VERIFY_URL]);
  });

  it('prints a Hindi certificate in Hindi, Devanagari intact, with the same QR code', async () => {
    const pdf = await render(HINDI);
    expect(pageCount(pdf)).toBe(1);
    const text = popplerText(pdf);
    const date = longDate(ISSUED_AT, 'hi-IN');
    expect(date).toContain('मार्च');
    for (const part of [
      'पूर्णता प्रमाणपत्र',
      'अनन्या शर्मा',
      'जल चक्र',
      'Saraswati Vidya Institute',
      '2.5 घंटे',
      date,
      'GK-2025-7Q4M-X2PA',
      'प्रमाणपत्र संख्या',
    ])
      expect(text).toContain(part);
    expect(squeezed(text)).toContain(squeezed(`इस प्रमाणपत्र की जाँच यहाँ करें: ${VERIFY_URL}`));
    expect(pdfTitle(pdf)).toBe('जल चक्र: अनन्या शर्मा का प्रमाणपत्र');

    const qr = await qrCodes(pdf);
    expect(qr.page).toBe(VERIFY_URL);
    expect(qr.embedded).toEqual([VERIFY_URL]);
  });

  it('draws documents side by side without mixing their fonts or texts', async () => {
    const [english, hindi, again] = await Promise.all([render(ENGLISH), render(HINDI), render(ENGLISH)]);
    expect(popplerText(english)).toContain('Ananya Sharma has completed the course The Water Cycle');
    expect(popplerText(hindi)).toContain('अनन्या शर्मा ने Saraswati Vidya Institute द्वारा');
    expect(popplerText(again)).toBe(popplerText(english));
  });

  it('substitutes the placeholders of the author’s own wording as plain text', async () => {
    const pdf = await render(
      content(
        { contentSeconds: 2700 },
        {
          title: 'Award for {name}',
          body: 'With {teacher} at {issuer}, {name} finished {course} ({hours}) on {date}.',
        },
      ),
    );
    const text = popplerText(pdf);
    expect(text).toContain('Award for Ananya Sharma');
    expect(text).toContain(
      'With Ravi Kumar at Saraswati Vidya Institute, Ananya Sharma finished The Water Cycle (45 minutes) on March 15, 2025.',
    );
    expect(text).not.toContain('Certificate of Completion');
    expect(text).not.toContain('{');
  });

  it('never throws on stray braces or apostrophes, and prints them as written', async () => {
    const body = "It's {name}'s day: {unknown} {course {name}} '{date}' }{ {{hours}} {";
    const pdf = await render(
      content({ recipientName: "D'Souza {course}" }, { title: "{name}'s {certificate", body }),
    );
    expect(pageCount(pdf)).toBe(1);
    const text = popplerText(pdf);
    expect(text).toContain("D'Souza {course}'s {certificate");
    // The name is printed large on its own line; the rest of the body follows it.
    expect(text).toContain("It's D'Souza {course}");
    expect(text).toContain("'s day: {unknown} {course D'Souza {course}} 'March 15, 2025' }{ {2.5 hours} {");
    // A course the author's body leaves out is printed on a line of its own.
    expect(text).toContain('The Water Cycle');
  });

  it('keeps everything on one page for a 120-character title and long names, either way round', async () => {
    const courseTitle =
      'Advanced Hydrological Modelling of the Monsoon Water Cycle across the Indo-Gangetic Plain: Theory, Data and Practice';
    const title = `${courseTitle} (${'x'.repeat(120 - courseTitle.length - 3)})`;
    expect(title).toHaveLength(120);
    const recipientName = 'श्रीमती अनन्या कुमारी शर्मा वेंकटरमण सुब्रमण्यम चतुर्वेदी त्रिपाठी राजलक्ष्मी';
    for (const orientation of ['landscape', 'portrait'] as const) {
      for (const language of ['en', 'hi'] as const) {
        const pdf = await render(
          content(
            {
              courseTitle: title,
              recipientName,
              language,
              issuerName: 'Saraswati Vidya Institute of Science, Technology and Indian Classical Languages',
            },
            {
              orientation,
              signatoryName: 'Professor Venkataraman Subramaniam Chaturvedi',
              signatoryTitle: 'Dean of Continuing Education and Lifelong Learning',
            },
          ),
        );
        expect(pageCount(pdf), `${orientation} ${language}`).toBe(1);
        expect(squeezed(popplerText(pdf))).toContain(squeezed(title));
        expect(squeezed(popplerText(pdf))).toContain(squeezed(recipientName));
        const page = wordBoxes(pdf);
        expect(page.width > page.height).toBe(orientation === 'landscape');
        // Every word inside the inner border.
        for (const word of page.words) {
          expect(word.xMin, word.text).toBeGreaterThan(27);
          expect(word.yMin, word.text).toBeGreaterThan(27);
          expect(word.xMax, word.text).toBeLessThan(page.width - 27);
          expect(word.yMax, word.text).toBeLessThan(page.height - 27);
        }
        expect((await qrCodes(pdf)).page).toBe(VERIFY_URL);
      }
    }
  });

  it('cuts an author’s very long wording short rather than run into the footer', async () => {
    const body = `{name} ${'completed every lesson, quiz and assignment of {course} with distinction. '.repeat(40)}`;
    const pdf = await render(content({}, { body, orientation: 'portrait' }));
    expect(pageCount(pdf)).toBe(1);
    const page = wordBoxes(pdf);
    const qrWord = page.words.find((word) => word.text === 'Verify');
    for (const word of page.words)
      if (word.text === 'distinction.') expect(word.yMax).toBeLessThan(Number(qrWord?.yMin) - 80);
    expect((await qrCodes(pdf)).page).toBe(VERIFY_URL);
  });

  it('draws a logo and a transparent signature, and leaves out images it cannot draw', async () => {
    const drawn = await render(ENGLISH, {
      logo: rgbPng(320, 100),
      signature: drawnPng(300, 90, { transparent: true }),
    });
    // The QR code, the logo, the signature and its transparency mask.
    expect(embeddedImages(drawn)).toHaveLength(4);

    const jpeg = await render(ENGLISH, { logo: await orientedJpeg(120, 60, 1) });
    expect(embeddedImages(jpeg)).toHaveLength(2);

    for (const broken of [
      Buffer.from('not an image at all'),
      brokenPng(6),
      brokenPng(2),
      negativeChunkPng(),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]),
      rgbPng(320, 100).subarray(0, 60),
    ]) {
      const onImageError = vi.fn();
      const pdf = await render(ENGLISH, { logo: broken, signature: broken, onImageError });
      expect(onImageError).toHaveBeenCalledWith('logo', expect.any(Error));
      expect(onImageError).toHaveBeenCalledWith('signature', expect.any(Error));
      expect(pageCount(pdf)).toBe(1);
      expect(popplerText(pdf)).toContain('Ananya Sharma');
      expect(embeddedImages(pdf)).toHaveLength(1);
    }
  });

  it('prints "Revoked on {date}" across a revoked certificate, never the reason (the learner’s only)', async () => {
    const revoked = { at: new Date('2025-04-01T10:00:00Z'), reason: 'Issued in error' };
    const english = await pdfText(await render(ENGLISH, { revoked }));
    expect(english).toContain('Revoked on April 1, 2025');
    expect(english).not.toContain('Issued in error');
    const hindi = await render(HINDI, { revoked });
    expect(squeezed(await pdfText(hindi))).toContain(
      squeezed(`${longDate('2025-04-01T10:00:00Z', 'hi-IN')} को निरस्त किया गया`),
    );
    expect(await pdfText(await render(ENGLISH))).not.toContain('Revoked');
  });

  it('draws in the template’s colours, and the default ones for a colour that is not #rrggbb', async () => {
    // A colour as pdfkit writes it into the page: its stroke (the borders) and fill (the title, the seal).
    const stroke = (hex: string) =>
      `${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255).join(' ')} SCN`;
    const own = (await render(content({}, { primaryColor: '#8B0000', accentColor: '#006400' }))).toString(
      'latin1',
    );
    expect(own).toContain(stroke('#8b0000'));
    expect(own).toContain(stroke('#006400'));
    expect(own).not.toContain(stroke(DEFAULT_TEMPLATE.primaryColor));

    const pdf = await render(content({}, { primaryColor: 'red; evil', accentColor: '#12345' }));
    expect(pdf.toString('latin1')).toContain(stroke(DEFAULT_TEMPLATE.primaryColor));
    expect(pdf.toString('latin1')).toContain(stroke(DEFAULT_TEMPLATE.accentColor));
    expect(pageCount(pdf)).toBe(1);
  });

  it('compresses by default', async () => {
    const compressed = await renderCertificatePdf(ENGLISH, {});
    expect(compressed.length).toBeLessThan((await render(ENGLISH)).length);
    expect((await qrCodes(compressed)).embedded).toEqual([VERIFY_URL]);
  });
});

describe('the wording', () => {
  it('writes the course’s length in hours from one hour up, to the half hour, else in minutes', () => {
    expect(contentHours(9000, 'en')).toBe('2.5 hours');
    expect(contentHours(3600, 'en')).toBe('1 hour');
    expect(contentHours(5000, 'en')).toBe('1.5 hours');
    expect(contentHours(3590, 'en')).toBe('1 hour');
    expect(contentHours(2700, 'en')).toBe('45 minutes');
    expect(contentHours(60, 'en')).toBe('1 minute');
    expect(contentHours(0, 'en')).toBe('0 minutes');
    expect(contentHours(Number.NaN, 'en')).toBe('0 minutes');
    expect(contentHours(9000, 'hi')).toBe('2.5 घंटे');
    expect(contentHours(2700, 'hi')).toBe('45 मिनट');
  });

  it('replaces each placeholder once, leaving everything else as written', () => {
    const values = { name: '{course}', course: 'C', issuer: 'I', teacher: 'T', hours: 'H', date: '$&' };
    expect(fillPlaceholders("{name} {course} {issuer} {teacher} {hours} {date} {x} {name '}", values)).toBe(
      "{course} C I T H $& {x} {name '}",
    );
  });
});

describe('checkedImage', () => {
  it('reads the size of the PNGs and JPEGs pdfkit draws', async () => {
    expect(checkedImage(rgbPng(30, 20))).toMatchObject({ width: 30, height: 20 });
    expect(checkedImage(drawnPng(40, 10, { transparent: true }))).toMatchObject({ width: 40, height: 10 });
    expect(checkedImage(await orientedJpeg(64, 48, 1))).toMatchObject({ width: 64, height: 48 });
  });

  it('refuses what pdfkit would choke on', () => {
    expect(checkedImage(Buffer.from('GIF89a'))).toBeTypeOf('string');
    expect(checkedImage(brokenPng(6))).toBeTypeOf('string');
    expect(checkedImage(negativeChunkPng())).toBeTypeOf('string');
    expect(checkedImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeTypeOf('string');
  });
});

/** A PNG of colour type `type` whose pixel data is not deflate data: its decoder would throw in a callback. */
function brokenPng(type: number): Buffer {
  return png(16, 16, type, Buffer.from('these words are not deflate data at all; '.repeat(4)));
}

/** A PNG with a chunk whose length reads as negative: png-js's chunk reader would go round for ever. */
function negativeChunkPng(): Buffer {
  const good = png(4, 4, 2, deflateSync(Buffer.alloc(4 * 13)));
  const evil = Buffer.from([0xff, 0xff, 0xff, 0xf4, 0x74, 0x45, 0x58, 0x74]);
  return Buffer.concat([good.subarray(0, 33), evil, good.subarray(33)]);
}

function png(width: number, height: number, type: number, data: Buffer): Buffer {
  const chunk = (name: string, body: Buffer) => {
    const out = Buffer.alloc(12 + body.length);
    out.writeUInt32BE(body.length, 0);
    out.write(name, 4, 'latin1');
    body.copy(out, 8);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, type, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
