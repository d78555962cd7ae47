import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { answerParent } from '../../platform/thread-port.js';

/** What one eSpeak NG run is given: the voice (he, ar, ru, en-us) and the text. */
export interface EspeakTask {
  voice: string;
  text: string;
  /** Words a minute (eSpeak's default is 175; a phone line is clearer a little slower). */
  speed: number;
}

interface EspeakModule {
  FS: { readFile(path: string): Uint8Array; writeFile(path: string, data: string): void };
}
type EspeakFactory = (options: {
  arguments: string[];
  preRun: ((module: EspeakModule) => void)[];
  print: (text: string) => void;
  printErr: (text: string) => void;
}) => Promise<EspeakModule>;

// A thread's entry (see espeak-provider.ts): eSpeak NG compiled to WebAssembly runs its command line once, writing
// a WAV file into its in-memory file system. Its memory, and the exit code emscripten sets on a failure, end with
// the thread.
answerParent<EspeakTask>(async ({ voice, text, speed }): Promise<Uint8Array> => {
  // The package is ESM only (its main is an ES module); resolved from here so the bundle finds node_modules too.
  const path = createRequire(import.meta.url).resolve('espeak-ng');
  const { default: espeak } = (await import(pathToFileURL(path).href)) as { default: EspeakFactory };
  const errors: string[] = [];
  const module = await espeak({
    // The text goes in a file, never on the command line: a text starting with "-" stays text.
    arguments: ['-b', '1', '-v', voice, '-s', String(speed), '-w', '/speech.wav', '-f', '/speech.txt'],
    preRun: [(m) => m.FS.writeFile('/speech.txt', text)],
    print: () => {},
    printErr: (line) => errors.push(line),
  });
  let wav: Uint8Array;
  try {
    wav = module.FS.readFile('/speech.wav');
  } catch {
    throw new Error(`eSpeak NG wrote no audio: ${errors.join(' ').slice(0, 200)}`);
  }
  return new Uint8Array(wav);
});
