import { createRequire } from 'node:module';
import { AppError } from '../../platform/errors.js';
import { answerParent } from '../../platform/thread-port.js';

interface HeifImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type HeicDecode = { all(input: { buffer: Buffer }): Promise<HeifImage[] & { dispose?: () => void }> };

export interface HeicTask {
  file: Uint8Array;
  maxPixels: number;
}

export interface HeicPixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  pixels: Uint8Array;
}

// A thread's entry (see event-image.ts): decodes one HEVC-coded HEIC with libheif compiled to WebAssembly. Its
// WebAssembly memory, which never shrinks, ends with the thread.
answerParent<HeicTask>(async ({ file, maxPixels }): Promise<HeicPixels> => {
  const heicDecode = createRequire(import.meta.url)('heic-decode') as HeicDecode;
  let images: Awaited<ReturnType<HeicDecode['all']>>;
  try {
    images = await heicDecode.all({ buffer: Buffer.from(file.buffer, file.byteOffset, file.byteLength) });
  } catch {
    throw new AppError('INVALID_IMAGE', 'not an image we can read');
  }
  try {
    const [first] = images;
    if (!first) throw new AppError('INVALID_IMAGE', 'no image in the file');
    // The container's header is read; no pixel is decoded yet.
    if (first.width * first.height > maxPixels) throw new AppError('IMAGE_TOO_LARGE', 'the image has too many pixels');
    const { width, height, data } = await first.decode();
    return { width, height, pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } finally {
    images.dispose?.();
  }
});
