import { API_BASE, API_TIMEOUT_MS } from '@magiim/shared';
import { ApiError, toApiError } from './api-error';
import { apiHeaders, handleGlobally } from './api-client';
import { readAccessToken } from './session';

const parseJson = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Fraction sent, 0..1, while the body goes up (large spreadsheets and photos on a phone). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart call (a spreadsheet, an invitation image) with upload progress. fetch cannot report upload
 * progress, so this uses XMLHttpRequest; errors are the same ApiError as every other call.
 */
export const apiUpload = <T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const token = readAccessToken();
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', `${API_BASE}${path}`);
    request.timeout = API_TIMEOUT_MS;
    for (const [name, value] of Object.entries(apiHeaders(token))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const payload = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) return resolve(payload as T);
      const error = toApiError(request.status, payload);
      handleGlobally(error, Boolean(token), request.getResponseHeader('retry-after'));
      reject(error);
    };
    request.onerror = () => reject(new ApiError(0, 'NETWORK', 'Network error'));
    request.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', 'The request timed out'));
    request.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });

/** The file name a download answer carries (`filename*` in UTF-8 first, then the plain `filename`). */
export const filenameFrom = (disposition: string | null, fallback: string): string => {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || fallback;
};

/**
 * Downloads a file the API makes (an Excel export, a template) with the session's token, and hands it to
 * the browser as a download under the name the server chose.
 */
export const apiDownload = async (path: string, fallbackName: string): Promise<string> => {
  const token = readAccessToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: apiHeaders(token), signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  } catch (cause) {
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) {
    const error = toApiError(response.status, parseJson(await response.text()));
    handleGlobally(error, Boolean(token), response.headers.get('retry-after'));
    throw error;
  }
  const name = filenameFrom(response.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
};
