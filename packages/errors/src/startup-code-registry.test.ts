import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { defineStartupCodes, findStartupCode, isCorralError, startupErrorCodes } from './index.js';

/** The CorralError that `run` throws or rejects with, for its code and message. */
async function refusalOf(run: () => unknown): Promise<{ code: string; message: string }> {
  try {
    await run();
  } catch (error) {
    if (isCorralError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a CorralError');
}

describe('defineStartupCodes', () => {
  it('registers each code with its meaning and owner, and returns the meanings frozen', () => {
    const codes = defineStartupCodes('@acme/audit', { CORRAL_AUDIT_NO_SINK: 'audit() has nowhere to write.' });
    expect(codes).toEqual({ CORRAL_AUDIT_NO_SINK: 'audit() has nowhere to write.' });
    expect(Object.isFrozen(codes)).toBe(true);
    expectTypeOf(codes).toEqualTypeOf<Readonly<Record<'CORRAL_AUDIT_NO_SINK', string>>>();
    expect(startupErrorCodes.CORRAL_AUDIT_NO_SINK).toBe('audit() has nowhere to write.');
    expect(findStartupCode('CORRAL_AUDIT_NO_SINK')).toEqual({
      code: 'CORRAL_AUDIT_NO_SINK',
      meaning: 'audit() has nowhere to write.',
      owner: '@acme/audit',
    });
    expect(findStartupCode('CORRAL_NEVER_DECLARED')).toBeUndefined();
  });

  it('lets a package declare its codes again, as when its module is loaded twice', () => {
    defineStartupCodes('@acme/cache', { CORRAL_CACHE_NO_STORE: 'cache() was given no store.' });
    expect(() =>
      defineStartupCodes('@acme/cache', { CORRAL_CACHE_NO_STORE: 'cache() was given no store.' }),
    ).not.toThrow();
  });

  it('refuses a code another package declared, naming both, and registers none of the batch', async () => {
    defineStartupCodes('@acme/metrics', { CORRAL_METRICS_NO_NAME: 'metrics() was given no name.' });
    const refusal = await refusalOf(() =>
      defineStartupCodes('@acme/tracing', {
        CORRAL_TRACING_NO_EXPORTER: 'tracing() was given no exporter.',
        CORRAL_METRICS_NO_NAME: 'Another meaning.',
      }),
    );
    expect(refusal.code).toBe('CORRAL_DUPLICATE_STARTUP_CODE');
    expect(refusal.message).toContain('CORRAL_METRICS_NO_NAME');
    expect(refusal.message).toContain('@acme/metrics and @acme/tracing');
    expect(findStartupCode('CORRAL_METRICS_NO_NAME')?.owner).toBe('@acme/metrics');
    expect(findStartupCode('CORRAL_TRACING_NO_EXPORTER')).toBeUndefined();
  });

  it("refuses a package whose codes clash as soon as it is imported, with Corral's own codes too", async () => {
    defineStartupCodes('@acme/auth', { CORRAL_OAUTH_KEYS_CONFLICT: 'Not the meaning oauth() gives it.' });
    const refusal = await refusalOf(() => import('@corral/oauth'));
    expect(refusal.code).toBe('CORRAL_DUPLICATE_STARTUP_CODE');
    expect(refusal.message).toContain('@acme/auth and @corral/oauth');

    await import('@corral/rate-limit');
    const late = await refusalOf(() => defineStartupCodes('@acme/limits', { CORRAL_INVALID_RATE_LIMIT: 'x' }));
    expect(late.message).toContain('@corral/rate-limit and @acme/limits');
  });

  it.each([
    ['a code without the prefix', 'acme', { ACME_NO_SINK: 'A meaning.' }],
    ['a code in lower case', 'acme', { CORRAL_no_sink: 'A meaning.' }],
    ['an empty meaning', 'acme', { CORRAL_ACME_EMPTY: ' ' }],
    ['a meaning that is not text', 'acme', { CORRAL_ACME_NUMBER: 42 }],
    ['no owner', '', { CORRAL_ACME_ORPHAN: 'A meaning.' }],
  ])('refuses %s', async (_label, owner, meanings) => {
    const refusal = await refusalOf(() => defineStartupCodes(owner, meanings as never));
    expect(refusal.code).toBe('CORRAL_INVALID_STARTUP_CODE');
    expect(findStartupCode(Object.keys(meanings)[0] ?? '')).toBeUndefined();
  });

  it('shares the codes with another copy of the package', async () => {
    defineStartupCodes('@acme/shared', { CORRAL_SHARED_CODE: 'Seen by every copy.' });
    vi.resetModules();
    const other = await import('./startup-code-registry.js');
    expect(other.findStartupCode).not.toBe(findStartupCode);
    expect(other.findStartupCode('CORRAL_SHARED_CODE')?.owner).toBe('@acme/shared');
    expect(() => other.defineStartupCodes('@acme/other', { CORRAL_SHARED_CODE: 'Taken.' })).toThrow(/@acme\/shared/);
  });
});
