/**
 * Builds the admin's page into the package's dist/ui, as the package build does, so that tests
 * never serve a bundle older than the sources.
 */
export async function buildPage(): Promise<void> {
  // @ts-expect-error: a plain script of the package, without declarations
  const { buildUi } = (await import('../../build-ui.mjs')) as { buildUi: () => Promise<unknown> };
  await buildUi();
}
