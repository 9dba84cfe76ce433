import { ApiError } from '@corral/errors';

/** The ApiError a call throws; fails the test if it returns, or throws something else. */
export function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

/** The ApiError a promise rejects with; fails the test if it resolves, or rejects with something else. */
export async function asyncRefusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}
