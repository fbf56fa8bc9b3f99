import { ApiError, authorizationHeader } from './api';

/**
 * Downloads a file from an /api URL that needs the Authorization header (a plain link cannot send it):
 * fetch → blob → a temporary link named as the server's Content-Disposition says (else `fallbackName`).
 * Resolves to the file name used; a refused request throws an ApiError with the server's message.
 */
export async function downloadFile(url: string, fallbackName: string, failure: string): Promise<string> {
  const response = await fetch(url, { headers: { Authorization: authorizationHeader() } });
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(response.status, data?.code ?? 'HTTP', data?.message ?? failure);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
  return name;
}
