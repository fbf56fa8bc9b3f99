/** Outside speech calls must not hold a request for long: the fallback voice takes over instead. */
export const SPEECH_TIMEOUT_MS = 15_000;

/** The caller's signal (the browser went away) combined with our own timeout. */
export function speechSignal(signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(SPEECH_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** Reads an audio answer, or throws with the service's own error text (never the key). */
export async function audioFrom(response: Response, service: string): Promise<Buffer> {
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    throw new Error(`${service} speech failed (${response.status}): ${detail}`);
  }
  const data = Buffer.from(await response.arrayBuffer());
  if (data.length === 0) throw new Error(`${service} speech returned no audio`);
  return data;
}
