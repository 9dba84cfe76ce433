import { describe, expect, it, vi } from 'vitest';
import { checkDeclaredLength, collectLimited, payloadTooLarge } from './body-limit.js';
import type { ApiError } from '@corral/errors';
import { asyncRefusal } from '../testing/refusal.js';

const bytes = (...values: number[]) => new Uint8Array(values);

/** Yields the chunks one by one and records whether the consumer closed it early. */
function source(chunks: readonly Uint8Array[]) {
  const state = { yielded: 0, closed: false };
  async function* generate() {
    try {
      for (const chunk of chunks) {
        state.yielded++;
        yield chunk;
      }
    } finally {
      state.closed = true;
    }
  }
  return { chunks: generate(), state };
}

describe('payloadTooLarge', () => {
  it('is a 413 that names the limit and closes the connection', () => {
    const error = payloadTooLarge(1024);
    expect(error).toMatchObject({ status: 413, errorCode: 1013, codeName: 'payloadTooLarge' });
    expect(error.message).toBe('The request body is larger than the limit of 1024 bytes');
    expect(error.headers).toStrictEqual({ connection: 'close' });
  });
});

describe('checkDeclaredLength', () => {
  it('lets a missing length or one up to the limit through', () => {
    expect(() => checkDeclaredLength(undefined, 10)).not.toThrow();
    expect(() => checkDeclaredLength('0', 10)).not.toThrow();
    expect(() => checkDeclaredLength('10', 10)).not.toThrow();
  });

  it('refuses a declared length over the limit with 413', () => {
    for (const length of ['11', '1048577', '99999999999999999999']) {
      expect(() => checkDeclaredLength(length, 10)).toThrow('larger than the limit of 10 bytes');
    }
  });

  it('keeps the connection for a body it can read to its end and throw away, and closes it past that', () => {
    const headersOf = (length: string) => {
      try {
        checkDeclaredLength(length, 10);
      } catch (error) {
        return (error as ApiError).headers;
      }
    };
    expect(headersOf('11')).toStrictEqual({});
    expect(headersOf('80')).toStrictEqual({});
    expect(headersOf('81')).toStrictEqual({ connection: 'close' });
  });
});

describe('collectLimited', () => {
  it('concatenates the chunks in order', async () => {
    const { chunks } = source([bytes(1, 2), bytes(3), bytes(), bytes(4, 5, 6)]);
    expect(await collectLimited(chunks, 100)).toStrictEqual(bytes(1, 2, 3, 4, 5, 6));
  });

  it('gives an empty array for an empty body', async () => {
    expect(await collectLimited(source([]).chunks, 100)).toStrictEqual(new Uint8Array(0));
  });

  it('returns a single chunk as it is', async () => {
    const only = bytes(7, 8, 9);
    expect(await collectLimited(source([only]).chunks, 3)).toBe(only);
  });

  it('accepts a body of exactly the limit', async () => {
    const onTooLarge = vi.fn();
    const result = await collectLimited(source([bytes(1, 2), bytes(3, 4)]).chunks, 4, onTooLarge);
    expect(result).toStrictEqual(bytes(1, 2, 3, 4));
    expect(onTooLarge).not.toHaveBeenCalled();
  });

  it('refuses one byte more with a 413 that closes the connection, and calls onTooLarge once', async () => {
    const onTooLarge = vi.fn();
    const error = await asyncRefusal(
      collectLimited(source([bytes(1, 2), bytes(3, 4), bytes(5)]).chunks, 4, onTooLarge),
    );
    expect(error).toMatchObject({ status: 413, errorCode: 1013 });
    expect(error.headers).toStrictEqual({ connection: 'close' });
    expect(error.message).toContain('limit of 4 bytes');
    expect(onTooLarge).toHaveBeenCalledTimes(1);
  });

  it('stops reading and closes the source as soon as the limit is passed', async () => {
    const { chunks, state } = source([bytes(1, 2, 3), bytes(4, 5, 6), bytes(7), bytes(8)]);
    await expect(collectLimited(chunks, 4)).rejects.toMatchObject({ status: 413 });
    expect(state.yielded).toBe(2);
    expect(state.closed).toBe(true);
  });

  it('refuses a first chunk that alone is over the limit', async () => {
    await expect(collectLimited(source([bytes(1, 2, 3)]).chunks, 2)).rejects.toMatchObject({ status: 413 });
  });

  it('passes on an error of the source unchanged', async () => {
    async function* failing() {
      yield bytes(1);
      throw new Error('connection reset');
    }
    await expect(collectLimited(failing(), 10)).rejects.toThrow('connection reset');
  });
});
