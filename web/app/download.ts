import { apiResponse } from './api';

/**
 * Downloads a file from an API path that needs the Authorization header (a plain link cannot send it):
 * the response → blob → a temporary link named as the server's Content-Disposition says (else
 * `fallbackName`). Resolves to the file name used; a refused request throws an ApiError with the server's
 * message, or `failure` when it has none.
 */
export async function downloadFile(path: string, fallbackName: string, failure: string): Promise<string> {
  const response = await apiResponse(path, { failure });
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
