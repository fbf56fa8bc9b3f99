import { describe, expect, it } from 'vitest';
import { loadRazorpayScript, RAZORPAY_SCRIPT_ERROR, type ScriptHost } from './razorpay-script';

interface FakeScript {
  src: string;
  async: boolean;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  removed: boolean;
  remove(): void;
}

/** A document with just createElement and head.appendChild, recording the scripts it was given. */
function fakeDocument() {
  const appended: FakeScript[] = [];
  const host = {
    createElement: () => {
      const script: FakeScript = {
        src: '',
        async: false,
        onload: null,
        onerror: null,
        removed: false,
        remove() {
          script.removed = true;
        },
      };
      return script;
    },
    head: { appendChild: (node: FakeScript) => appended.push(node) },
  };
  return { host: host as unknown as ScriptHost, appended };
}

describe('loadRazorpayScript', () => {
  it('rejects with the SPEC message when the script fails to load, and tries again next time', async () => {
    const { host, appended } = fakeDocument();
    const src = 'https://checkout.example/fail.js';
    const first = loadRazorpayScript(src, host);
    expect(appended).toHaveLength(1);
    expect(appended[0]?.src).toBe(src);
    appended[0]?.onerror?.();
    await expect(first).rejects.toThrow(RAZORPAY_SCRIPT_ERROR);
    expect(RAZORPAY_SCRIPT_ERROR).toBe('Failed to load Razorpay script');
    expect(appended[0]?.removed).toBe(true);

    const second = loadRazorpayScript(src, host);
    expect(appended).toHaveLength(2);
    appended[1]?.onload?.();
    await expect(second).resolves.toBeUndefined();
  });

  it('injects the script once and resolves every caller when it loads', async () => {
    const { host, appended } = fakeDocument();
    const src = 'https://checkout.example/ok.js';
    const first = loadRazorpayScript(src, host);
    const second = loadRazorpayScript(src, host);
    expect(appended).toHaveLength(1);
    expect(appended[0]?.async).toBe(true);
    appended[0]?.onload?.();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    // Already loaded: no second <script>.
    await loadRazorpayScript(src, host);
    expect(appended).toHaveLength(1);
  });
});
