import { zooVocabulary } from './vocabulary.js';

/** Turns text from one locale (`xx_XX`) into another. Plug in another one to use a real service. */
export interface Translator {
  translate(text: string, from: string, to: string): string | Promise<string>;
}

/**
 * Word-by-word lookup in a small vocabulary: words it knows are translated (keeping an initial
 * capital), everything else, punctuation included, stays as it was.
 */
export function vocabularyTranslator(
  vocabulary: readonly Readonly<Record<string, string>>[] = zooVocabulary,
): Translator {
  const index = new Map<string, Map<string, Readonly<Record<string, string>>>>();
  for (const row of vocabulary) {
    for (const [locale, word] of Object.entries(row)) {
      const words = index.get(locale) ?? new Map();
      words.set(word.toLocaleLowerCase(), row);
      index.set(locale, words);
    }
  }
  return {
    translate(text, from, to) {
      const words = index.get(from);
      if (!words || from === to) return text;
      return text.replace(/\p{L}+/gu, (word) => {
        const target = words.get(word.toLocaleLowerCase())?.[to];
        if (target === undefined) return word;
        const capital = word[0] !== word[0]!.toLocaleLowerCase();
        return capital ? target[0]!.toLocaleUpperCase() + target.slice(1) : target;
      });
    },
  };
}
