import { answerParent } from '../../src/platform/thread-port.js';

// Keeps allocating: the thread's heap limit must end it, not the process.
answerParent(async () => {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
});
