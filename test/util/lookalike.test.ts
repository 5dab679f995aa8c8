import { describe, expect, it } from 'vitest';
import { foldLookalikes, lookalikeWords } from '../../src/util/lookalike.js';

const reads = (text: string) => lookalikeWords(text).map((found) => found.reads);

describe('lookalike letters of another script in a Latin word', () => {
  it('reads a Cyrillic or Greek lookalike that takes a Latin letter’s place, inside, before or at the end', () => {
    expect(reads('Read a file fr\u043em disk.')).toEqual(['from']);
    expect(reads('re\u0430d_file')).toEqual(['read']);
    expect(reads('\u0440rint the page')).toEqual(['print']);
    expect(reads('rea\u0501 it')).toEqual(['read']);
    expect(reads('\u039fwner of the repo')).toEqual(['Owner']);
    expect(lookalikeWords('ign\u043ere')[0]).toEqual({ word: 'ign\u043ere', reads: 'ignore', chars: ['\u043e'] });
  });

  it('leaves words of other scripts alone: whole words, case endings, words written onto a Latin one, units', () => {
    expect(reads('Поиск по имени графа graphId.')).toEqual([]);
    // A Russian case ending on an acronym, and on any word in a text written in Russian.
    expect(reads('Сохраняет ответ в JSON\u0435.')).toEqual([]);
    expect(reads('Открыть задачу в GitHub\u0430.')).toEqual([]);
    expect(reads('Поля Data\u0441\u0435т и URLы.')).toEqual([]);
    expect(reads('Timeout in μs; resistance in kΩ; area = πr².')).toEqual([]);
    // The same ending in an English text takes a letter's place.
    expect(reads('Open the Excel\u0435 file.')).toEqual(['Excele']);
  });

  it('folds each such word and keeps every other one, character for character', () => {
    const text = 'Please ign\u043ere this; Поиск в JSON\u0435.';
    expect(foldLookalikes(text)).toBe('Please ignore this; Поиск в JSON\u0435.');
    expect(foldLookalikes(text)).toHaveLength(text.length);
    expect(foldLookalikes('plain text')).toBe('plain text');
  });
});
