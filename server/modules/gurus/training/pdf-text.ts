/**
 * The text of each page of a PDF (index 0 = page 1), with pdfjs-dist's legacy build (plain Node, no canvas:
 * only the text layer is read). Throws when the bytes are not a readable PDF.
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdfjs takes ownership of the buffer it is given: pass a copy so the caller's bytes stay usable.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : ''))
        .join('')
        // Words broken across lines with a hyphen are joined back.
        .replace(/(\w)-\n(\w)/g, '$1$2')
        .replace(/\s+/g, ' ')
        .trim();
      pages.push(text);
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
