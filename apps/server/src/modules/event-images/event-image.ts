import type { StoredEventImage } from '../../db/schema/events.js';
import type { FileStorage } from '../../providers/storage/index.js';

// Placeholder: the image pipeline (content check, limits, sharp renditions) lands here.
export const saveEventImage = async (_storage: FileStorage, _eventId: string, _upload: Buffer): Promise<StoredEventImage> => {
  throw new Error('event images are not built yet');
};

export const deleteEventImage = async (storage: FileStorage, image: StoredEventImage): Promise<void> => {
  await storage.deletePrefix(image.prefix);
};

/** URLs the API answers: the large rendition as imageUrl, every width in imageSizes. */
export const eventImageUrls = (
  storage: FileStorage,
  image: StoredEventImage | null,
): { imageUrl: string | null; imageSizes: Record<string, string> | null } => {
  if (!image) return { imageUrl: null, imageSizes: null };
  const imageSizes = Object.fromEntries(Object.entries(image.sizes).map(([width, key]) => [width, storage.urlFor(key)]));
  const largest = Object.keys(image.sizes).map(Number).sort((a, b) => b - a)[0];
  return { imageUrl: largest === undefined ? null : (imageSizes[String(largest)] ?? null), imageSizes };
};
