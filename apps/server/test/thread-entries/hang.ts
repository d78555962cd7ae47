import { answerParent } from '../../src/platform/thread-port.js';

// Spins without end, as a pathological file could: the runner's time limit must end it.
answerParent(async () => {
  let _spins = 0;
  for (;;) _spins += Math.random();
});
