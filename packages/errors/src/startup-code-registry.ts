import { CorralError } from './startup-error.js';

/**
 * A code a {@link CorralError} carries, such as `CORRAL_DUPLICATE_NAME`. Not a closed list: each
 * package declares the codes it throws, with their meanings, through {@link defineStartupCodes}.
 */
export type StartupErrorCode = `CORRAL_${string}`;

/** A declared startup code, as {@link findStartupCode} gives it. */
export interface DeclaredStartupCode {
  /** The code, such as `CORRAL_DUPLICATE_NAME`. */
  readonly code: string;
  /** What the code means; its row in docs/errors.md begins with this text. */
  readonly meaning: string;
  /** The package that declared it, such as `@corral/core`. */
  readonly owner: string;
}

interface Registry {
  readonly declared: Map<string, DeclaredStartupCode>;
  readonly meanings: Record<StartupErrorCode, string>;
}

// One registry for the process, kept on globalThis: two copies of this package (two versions
// installed side by side) must still see each other's codes to refuse a clash.
const registryKey = Symbol.for('@corral/errors: startup codes');
const shared = globalThis as { [registryKey]?: Registry };
const registry: Registry = (shared[registryKey] ??= { declared: new Map(), meanings: {} });

/**
 * Every startup code declared so far, by the packages loaded, with its meaning. A package's codes
 * are here once it has been imported.
 */
export const startupErrorCodes: Readonly<Record<StartupErrorCode, string>> = registry.meanings;

/** The declaration of a startup code, or undefined when no package loaded declares it. */
export function findStartupCode(code: string): DeclaredStartupCode | undefined {
  return registry.declared.get(code);
}

const codeForm = /^CORRAL_[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

function refusal(owner: string, code: string, meaning: unknown): CorralError | undefined {
  if (owner.trim() === '' || !codeForm.test(code) || typeof meaning !== 'string' || meaning.trim() === '') {
    return new CorralError(
      'CORRAL_INVALID_STARTUP_CODE',
      `Startup code "${code}" (declared by "${owner}") is refused: a code is CORRAL_ followed by capitals, ` +
        'digits and _, carries a non-empty meaning, and is declared under the name of its package',
    );
  }
  const earlier = registry.declared.get(code);
  // The same package may declare its codes again (its module loaded twice); another may not.
  if (earlier === undefined || earlier.owner === owner) return undefined;
  return new CorralError(
    'CORRAL_DUPLICATE_STARTUP_CODE',
    `Startup code ${code} is declared by both ${earlier.owner} and ${owner}; each code belongs to one package`,
  );
}

/**
 * Declares the startup codes a package throws, each with its one meaning, and returns the meanings
 * frozen. Call it at the top of a module the package's entry imports, so the codes are declared
 * when the package is. A code another package declared, or one not of the form `CORRAL_SOME_NAME`,
 * throws a {@link CorralError} and declares none of the codes.
 *
 * @param owner - the package's name, such as `@corral/oauth`; named in a clash.
 */
export function defineStartupCodes<const Code extends StartupErrorCode>(
  owner: string,
  meanings: Readonly<Record<Code, string>>,
): Readonly<Record<Code, string>> {
  const entries: [string, unknown][] = Object.entries(meanings);
  for (const [code, meaning] of entries) {
    const refused = refusal(owner, code, meaning);
    if (refused) throw refused;
  }
  for (const [code, meaning] of entries as [StartupErrorCode, string][]) {
    registry.declared.set(code, Object.freeze({ code, meaning, owner }));
    registry.meanings[code] = meaning;
  }
  return Object.freeze({ ...meanings });
}
