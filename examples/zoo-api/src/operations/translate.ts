import { defineOperation } from '@corral/core';
import { z } from 'zod';
import { vocabularyTranslator, type Translator } from './translator.js';

const locale = z
  .string()
  .max(5)
  .regex(/^[a-z]{2}_[A-Z]{2}$/, 'must be a locale code such as en_US (two lower-case letters, "_", two capitals)');

/** `GET /translate?from=en_US&to=de_DE&text=lion`; any valid token may call it. */
export function translateOperation(translator: Translator = vocabularyTranslator()) {
  return defineOperation({
    name: 'translate',
    description:
      'Translates text word by word between locales (xx_XX); words the translator does not know stay as they are.',
    query: z.object({ from: locale, to: locale, text: z.string().min(1, 'must not be empty').max(2000) }),
    result: z.object({ from: z.string(), to: z.string(), text: z.string(), translation: z.string() }),
    handler: async ({ query }) => ({
      from: query.from,
      to: query.to,
      text: query.text,
      translation: await translator.translate(query.text, query.from, query.to),
    }),
  });
}
