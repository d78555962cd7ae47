import { describe, expect, it } from 'vitest';
import { OPT_OUT_WORDS } from '@magiim/shared';
import { isOptOutText } from './opt-out-words.js';

describe('opt-out words', () => {
  it.each([
    ...OPT_OUT_WORDS,
    'הסר',
    ' הסר ',
    'ה ס ר',
    'ה\u00a0סר',
    '\u200fהסר\u200f',
    'הסר.',
    'הסרה',
    'stop',
    'STOP',
    'Stop!',
    'stop\n',
    'unsubscribe',
    'стоп',
    'Стоп',
    'СТОП',
    'توقف',
    'تَوَقَّف',
    'توقـف',
  ])('%j opts out', (text) => {
    expect(isOptOutText(text)).toBe(true);
  });

  it.each(['', 'כן, מגיעים', 'please stop the music', 'stopped', 'הסרט', 'нет', 'توقفنا', 'sto p!?x'])('%j does not', (text) => {
    expect(isOptOutText(text)).toBe(false);
  });
});
