/*
 * Gurukul: a guru on your own website (docs/decisions/041-embedded-guru.md).
 *   <script src="https://YOUR-GURUKUL/embed.js" data-guru="GURU-ID" async></script>
 * adds a chat button in the bottom right corner that opens the guru; data-mode="inline" puts the guru where
 * the script tag is instead. Only the website registered in Gurukul's Integrations page may show it.
 */
(() => {
  const script = document.currentScript;
  const guru = script?.getAttribute('data-guru');
  if (!script || !guru) return;
  const gurukul = new URL(script.src).origin;
  const src = `${gurukul}/embed/guru/${encodeURIComponent(guru)}`;
  const title = script.getAttribute('data-title') || 'Ask the guru';
  /** How long the frame may stay silent before the visitor is told the guru cannot be shown here. */
  const READY_WITHIN_MS = 10_000;

  const frame = () => {
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.title = title;
    iframe.allow = 'autoplay; microphone';
    iframe.style.cssText =
      'border:0;width:100%;height:100%;border-radius:12px;background:transparent;display:block';
    return iframe;
  };

  // The embed page says when it is up and when Escape is pressed inside it; nothing else is listened to.
  let ready = false;
  const listeners = { escape: () => {} };
  window.addEventListener('message', (event) => {
    if (event.origin !== gurukul || !event.data || typeof event.data.gurukul !== 'string') return;
    if (event.data.gurukul === 'ready') ready = true;
    if (event.data.gurukul === 'escape') listeners.escape();
  });

  const unavailable = (box) => {
    if (ready) return;
    box.textContent = 'The guru cannot be shown on this page right now.';
    box.style.cssText +=
      ';display:flex;align-items:center;justify-content:center;padding:24px;text-align:center;' +
      'font:15px system-ui,sans-serif;color:#495057;background:#f8f9fa';
  };

  if (script.getAttribute('data-mode') === 'inline') {
    const box = document.createElement('div');
    box.style.cssText = 'width:100%;max-width:420px;height:640px;border-radius:12px';
    box.appendChild(frame());
    script.parentNode.insertBefore(box, script);
    setTimeout(() => unavailable(box), READY_WITHIN_MS);
    return;
  }

  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = title;
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('data-gurukul', 'launcher');
  button.style.cssText =
    'position:fixed;right:20px;bottom:20px;z-index:2147483000;padding:12px 18px;border:0;border-radius:999px;' +
    'background:#364fc7;color:#fff;font:600 15px system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.25);cursor:pointer';
  const panel = document.createElement('div');
  panel.setAttribute('data-gurukul', 'panel');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', title);
  panel.style.cssText =
    'position:fixed;right:20px;bottom:80px;z-index:2147483000;width:min(400px,calc(100vw - 40px));' +
    'height:min(640px,calc(100vh - 120px));box-shadow:0 8px 32px rgba(0,0,0,.3);border-radius:12px;display:none';

  const isOpen = () => panel.style.display !== 'none';
  const toggle = (open) => {
    if (open && !panel.firstChild) {
      panel.appendChild(frame());
      setTimeout(() => unavailable(panel), READY_WITHIN_MS);
    }
    panel.style.display = open ? 'block' : 'none';
    button.setAttribute('aria-expanded', String(open));
    button.textContent = open ? 'Close the guru' : title;
    if (open) panel.querySelector('iframe')?.focus();
    else button.focus();
  };
  listeners.escape = () => {
    if (isOpen()) toggle(false);
  };
  button.addEventListener('click', () => toggle(!isOpen()));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) toggle(false);
  });
  // The panel after the button: Tab from the open button goes into the guru.
  const add = () => document.body.append(button, panel);
  if (document.body) add();
  else document.addEventListener('DOMContentLoaded', add);
})();
