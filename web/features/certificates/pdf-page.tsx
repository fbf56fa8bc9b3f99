import { Alert, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useT } from './i18n';

/** Sharp on a high-density screen, and bounded: an A4 page at 2,000 px is 4 million pixels. */
const MAX_PIXELS_WIDE = 2000;

/** pdf.js and its worker, loaded with the first preview (about 1.4 MB raw: authors' design editor only). */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/**
 * The first page of a PDF drawn into a canvas by pdf.js. The page's Content-Security-Policy lets no frame show a
 * blob: document (frame-src 'self'), so the browser's own PDF viewer cannot show a PDF the page fetched; pdf.js
 * draws it instead, in a worker of our own origin, without eval (script-src has no 'unsafe-eval').
 */
export function PdfPage({ pdf, label, aspectRatio }: { pdf: Blob; label: string; aspectRatio: string }) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let cancelled = false;
    let cleanUp = () => {};
    (async () => {
      const pdfjs = await loadPdfJs();
      const data = new Uint8Array(await pdf.arrayBuffer());
      if (cancelled) return;
      const loading = pdfjs.getDocument({ data, isEvalSupported: false });
      cleanUp = () => void loading.destroy();
      const document = await loading.promise;
      const page = await document.getPage(1);
      if (cancelled) return;
      const natural = page.getViewport({ scale: 1 });
      // The canvas is hidden until its first drawing: its container says how wide it will show.
      const shown = canvas.clientWidth || canvas.parentElement?.clientWidth || 800;
      const wide = Math.min(MAX_PIXELS_WIDE, Math.round(shown * (window.devicePixelRatio || 1)));
      const viewport = page.getViewport({ scale: wide / natural.width });
      // Drawn off screen first: a redraw keeps the previous preview showing until the new one is complete.
      const scratch = window.document.createElement('canvas');
      scratch.width = Math.round(viewport.width);
      scratch.height = Math.round(viewport.height);
      const rendering = page.render({ canvas: scratch, viewport });
      cleanUp = () => {
        rendering.cancel();
        void loading.destroy();
      };
      await rendering.promise;
      if (cancelled) return;
      canvas.width = scratch.width;
      canvas.height = scratch.height;
      canvas.getContext('2d')?.drawImage(scratch, 0, 0);
      setDrawn(true);
      setFailed(false);
      void loading.destroy();
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      cleanUp();
    };
  }, [pdf]);

  return (
    <>
      {failed && (
        <Alert color="red" role="alert">
          {t('certificates.design.previewFailed')}
        </Alert>
      )}
      {!drawn && !failed && (
        <Loader size="sm" role="status" aria-label={t('certificates.design.previewLoading')} />
      )}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        data-testid="certificate-preview"
        style={{
          display: drawn ? 'block' : 'none',
          width: '100%',
          aspectRatio,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 4,
        }}
      />
    </>
  );
}
