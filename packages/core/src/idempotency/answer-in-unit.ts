import { ApiError } from '@corral/errors';
import type { HandlerContext } from '../vocabulary/context.js';
import { inRequestUnit } from '../collection/request-unit.js';
import { inUnitOfWork, lockedUnit } from '../collection/unit-of-work.js';
import type { CorralResponse } from '../http/exchange.js';
import type { Store, Transaction } from '../store/store.js';
import type { ClaimRef, IdempotencyStore } from './idempotency-store.js';
import { isKept, storedAnswerOf } from './stored-answer.js';

/**
 * A key held by a request in progress. `settled`: nothing is left for onSend to do (the answer
 * committed with the write, or the claim was lost). `unsure`: the answer was written in the unit
 * and only its COMMIT failed, so the write may have happened: the key stays held.
 */
export interface HeldKey {
  readonly claim: ClaimRef;
  outcome?: 'settled' | 'unsure';
}

/**
 * Runs the handler inside one unit of work of the key's database (that of `stores`, the ones the
 * route writes), and keeps its answer under the key in that unit before it commits: a retry then
 * finds the answer exactly when the write happened. A unit that rolled back leaves the key to
 * onSend (released or kept as today); one that failed at COMMIT marks the key `unsure`. The unit
 * may run the handler again after losing a race.
 */
export async function answerInUnit(
  store: IdempotencyStore,
  stores: readonly Store<object>[],
  held: HeldKey,
  context: HandlerContext,
  handle: () => Promise<CorralResponse>,
): Promise<CorralResponse> {
  let written = false;
  let lost = false;
  try {
    // Opened as core opens its own units (READ COMMITTED, locking what they check), which join it;
    // the answer's UPDATE checks the claim's token itself, so it needs nothing stronger.
    const response = await inUnitOfWork(
      stores,
      async (options) => {
        // The stores share one database (see offerRequestUnit), so the unit is a transaction.
        const transaction = options.transaction as Transaction;
        written = lost = false;
        const answer = await inRequestUnit(context, transaction, handle);
        if (!isKept(answer)) return answer;
        lost = !(await store.complete(held.claim, storedAnswerOf(answer), { transaction }));
        // The lease ran out and a retry took the key over: it runs the write, so this one must not.
        if (lost) throw requestInFlight();
        written = true;
        return answer;
      },
      undefined,
      lockedUnit,
    );
    if (written) held.outcome = 'settled';
    return response;
  } catch (error) {
    if (written) held.outcome = 'unsure';
    else if (lost) held.outcome = 'settled';
    throw error;
  }
}

/** Another request holds the key; its answer is there once it finishes. */
export function requestInFlight(): ApiError {
  return new ApiError(
    'idempotencyRequestInFlight',
    'A request with this Idempotency-Key is still being processed; retry shortly to get its answer',
    { headers: { 'retry-after': '1' } },
  );
}
