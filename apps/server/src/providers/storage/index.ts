/** Where uploaded and generated files live: a directory under DATA_DIR now, an S3-compatible bucket later. */
export interface StoredFile {
  data: Buffer;
  contentType: string;
}

export interface FileStorage {
  readonly name: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Deletes every file whose key starts with `prefix` (an event's image versions). */
  deletePrefix(prefix: string): Promise<void>;
  /** The public URL of a stored file (served by /media/*, or the bucket's own URL later). */
  urlFor(key: string): string;
}
