import { pageOf, type Page } from './page.js';
import type { Resources } from './resources.js';

/** Where a walk through a list starts: a page already read (a list, a followed link) or a list's URL. */
export type PageStart<R> = Page<R> | string;

/** The first page and every page after it, following each page's `nextPage` link until there is none. */
export async function* pagesFrom<R>(
  resources: Resources,
  start: PageStart<R>,
  signal?: AbortSignal,
): AsyncGenerator<Page<R>> {
  let page =
    typeof start === 'string' ? pageOf<R>(resources, await resources.readWithPosition(start, signal), start) : start;
  yield page;
  while (page.nextUrl !== undefined) {
    page = pageOf<R>(resources, await resources.readWithPosition(page.nextUrl, signal), page.nextUrl);
    yield page;
  }
}

/** Every record of those pages, in order. */
export async function* recordsFrom<R>(pages: AsyncIterable<Page<R>>): AsyncGenerator<R> {
  for await (const page of pages) yield* page.items;
}
