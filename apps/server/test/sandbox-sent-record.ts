import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface RecordedSend {
  channel: number;
  to: string;
  outboxId: string;
}

/**
 * The sandbox's own record of what it accepted (DATA_DIR/sandbox/sent.jsonl), read while workers may be appending
 * to it: only the lines already ended. A read once caught a line half written ("Unterminated string in JSON") and
 * failed a fault test that had nothing wrong.
 */
export const readSandboxSent = (dataDir: string): RecordedSend[] => {
  const file = path.join(dataDir, 'sandbox', 'sent.jsonl');
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as RecordedSend);
};
