/** Paging limits of an API. Lower `defaultLimit` when lists are slow to read. */
export interface PagingOptions {
  /** Page size when the request names none. Default 10 (`pagingDefaults`). */
  defaultLimit?: number;
  /** Largest page size a request may ask for. Default 100 (`pagingDefaults`). */
  maxLimit?: number;
}

/** The page sizes an API uses when its options name none: what parsing applies and documents show. */
export const pagingDefaults: Readonly<Required<PagingOptions>> = Object.freeze({ defaultLimit: 10, maxLimit: 100 });

/** The options with every limit they leave out taken from {@link pagingDefaults}. */
export function withPagingDefaults(options: PagingOptions = {}): Required<PagingOptions> {
  return {
    defaultLimit: options.defaultLimit ?? pagingDefaults.defaultLimit,
    maxLimit: options.maxLimit ?? pagingDefaults.maxLimit,
  };
}
