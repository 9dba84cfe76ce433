import type { AppErrorCodes } from './app-codes.js';
import { errorCodes, type ErrorCodeEntry } from './catalogue.js';
import { CorralError } from './startup-error.js';

/** A catalogue entry together with its name, as the error pages serve it. */
export interface NamedErrorCode extends ErrorCodeEntry {
  /** Built-in key or the key an application defined the code under. */
  readonly name: string;
}

/** The codes one API serves: the built-in ones and those its application registered. */
export interface ErrorRegistry {
  /** Every code, built-in ones first, each once. */
  readonly entries: readonly NamedErrorCode[];
  /** The entry with this number, if the API serves it. */
  find(code: number): NamedErrorCode | undefined;
}

/**
 * Joins the built-in catalogue with an application's codes. Two codes with one number or one
 * name (say, from two catalogues) throw a {@link CorralError}.
 */
export function errorRegistry(catalogues: readonly AppErrorCodes[] = []): ErrorRegistry {
  const entries: NamedErrorCode[] = Object.entries(errorCodes).map(([name, entry]) => ({ name, ...entry }));
  const byNumber = new Map(entries.map((entry) => [entry.code, entry]));
  const names = new Set(entries.map((entry) => entry.name));
  for (const catalogue of catalogues) {
    for (const entry of Object.values(catalogue)) {
      const taken = byNumber.get(entry.code);
      if (taken === entry) continue; // the same catalogue given twice is no clash
      if (taken)
        throw new CorralError(
          'CORRAL_DUPLICATE_ERROR_CODE',
          `Error codes "${taken.name}" and "${entry.name}" share the number ${entry.code}`,
        );
      if (names.has(entry.name))
        throw new CorralError('CORRAL_ERROR_CODE_NAME_CLASH', `Two registered error codes are named "${entry.name}"`);
      const named: NamedErrorCode = {
        name: entry.name,
        code: entry.code,
        status: entry.status,
        title: entry.title,
        description: entry.description,
      };
      entries.push(named);
      byNumber.set(entry.code, entry);
      names.add(entry.name);
    }
  }
  return { entries, find: (code) => byNumber.get(code) };
}
