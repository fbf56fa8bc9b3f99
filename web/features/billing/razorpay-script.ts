/** SPEC §8: the message when the Razorpay checkout script cannot be loaded. */
export const RAZORPAY_SCRIPT_ERROR = 'Failed to load Razorpay script';

/** The parts of `document` the loader uses, so a test can hand in a fake one. */
export interface ScriptHost {
  createElement(tag: 'script'): Pick<HTMLScriptElement, 'src' | 'async' | 'onload' | 'onerror' | 'remove'>;
  head: { appendChild(node: never): unknown };
}

const loads = new Map<string, Promise<void>>();

/**
 * Loads Razorpay's checkout script on demand (only when someone pays), once per page: later calls share
 * the same promise. A failed load is forgotten, so the next attempt tries again.
 */
export function loadRazorpayScript(
  src: string,
  host: ScriptHost = document as unknown as ScriptHost,
): Promise<void> {
  const existing = loads.get(src);
  if (existing) return existing;
  const loading = new Promise<void>((resolve, reject) => {
    const script = host.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loads.delete(src);
      script.remove();
      reject(new Error(RAZORPAY_SCRIPT_ERROR));
    };
    host.head.appendChild(script as never);
  });
  loads.set(src, loading);
  return loading;
}
