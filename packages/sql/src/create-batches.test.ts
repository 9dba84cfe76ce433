import { ApiError, type StoredRecord } from '@corral/core';
import { describe, expect, it } from 'vitest';
import { CreateBatches } from './create-batches.js';

/** A database the test answers by hand: each statement waits until the test lets it go. */
function setUp(refuse?: (data: string) => Error | undefined) {
  const sent: string[][] = [];
  const pending: (() => void)[] = [];
  const record = (data: string): StoredRecord<string> => ({ id: data, version: 1, data });
  const answer = <R>(many: string[], result: () => R) =>
    new Promise<R>((resolve, reject) => {
      sent.push(many);
      pending.push(() => {
        const refused = many.length === 1 ? refuse?.(many[0]!) : many.map((data) => refuse?.(data)).find(Boolean);
        if (refused) reject(refused);
        else resolve(result());
      });
    });
  const batches = new CreateBatches<string>(
    (many) => answer([...many], () => many.map(record)),
    (one) => answer([one], () => record(one)),
  );
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  /** Answers the oldest statement still waiting. */
  const answerFirst = async () => {
    pending.shift()!();
    await turn();
    await turn();
  };
  return { batches, sent, pending, turn, answerFirst };
}

describe('CreateBatches', () => {
  it('sends the creates of one turn together, and a lone create alone', async () => {
    const { batches, sent, turn, answerFirst } = setUp();
    const three = ['a', 'b', 'c'].map((data) => batches.create(data));
    await turn();
    expect(sent).toEqual([['a', 'b', 'c']]);
    await answerFirst();
    expect((await Promise.all(three)).map((record) => record.id)).toEqual(['a', 'b', 'c']);
    const lone = batches.create('d');
    await turn();
    expect(sent[1]).toEqual(['d']);
    await answerFirst();
    expect((await lone).id).toBe('d');
  });

  it('tries each record of a refused batch alone, so only the one at fault is refused', async () => {
    const { batches, sent, pending, turn, answerFirst } = setUp((data) =>
      data === 'yeti' ? new ApiError('validationFailed', 'yeti is taken') : undefined,
    );
    const outcomes = Promise.allSettled(['a', 'yeti', 'b'].map((data) => batches.create(data)));
    await turn();
    await answerFirst();
    // The batch wrote nothing: each of its records goes again, alone.
    expect(sent.slice(1)).toEqual([['a'], ['yeti'], ['b']]);
    while (pending.length > 0) await answerFirst();
    expect((await outcomes).map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('gives every record of a batch the answer of a database out of reach, and sends no record twice', async () => {
    const { batches, sent, turn, answerFirst } = setUp(() => new ApiError('serviceUnavailable', 'away'));
    const outcomes = Promise.allSettled(['a', 'b'].map((data) => batches.create(data)));
    await turn();
    await answerFirst();
    expect((await outcomes).map((outcome) => (outcome as PromiseRejectedResult).reason.status)).toEqual([503, 503]);
    expect(sent).toEqual([['a', 'b']]);
  });

  it('keeps a batch to 64 records, sending the rest in the next', async () => {
    const { batches, sent, turn, answerFirst } = setUp();
    const all = Array.from({ length: 70 }, (_, n) => batches.create(`r${n}`));
    await turn();
    expect(sent.map((batch) => batch.length)).toEqual([64, 6]);
    await answerFirst();
    await answerFirst();
    expect(await Promise.all(all)).toHaveLength(70);
  });
});
