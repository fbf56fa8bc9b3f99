// Starts the app once a page the server drew has been painted (decision 071), so none of its scripts competes
// with the first paint for a slow connection: the entry and the chunks it needs are asked for only then.
const start = document.querySelector('script[data-entry]');
const entry = start?.getAttribute('data-entry');
if (entry) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of (start.getAttribute('data-preload') ?? '').split(' ').filter(Boolean)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        link.crossOrigin = '';
        document.head.append(link);
      }
      import(entry);
    }, 0),
  );
}
