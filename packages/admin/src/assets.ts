import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The page's files, with their types. */
export const assetTypes: Readonly<Record<string, string>> = {
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

/** A file ready to send. */
export interface Asset {
  readonly body: Uint8Array;
  readonly contentType: string;
}

/**
 * Where the bundled page lives: dist/ui beside the built module, or (running from the sources in
 * this repository) the package's dist/ui, which the build and the tests' setup write.
 */
function assetDirectory(): string | undefined {
  for (const candidate of ['./ui/', '../dist/ui/']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}app.js`)) return dir;
  }
  return undefined;
}

/** Reads each file once; undefined for a name that is no file of the page. */
export function assetReader(): (name: string) => Promise<Asset | undefined> {
  const cache = new Map<string, Promise<Asset>>();
  return async (name) => {
    const contentType = assetTypes[name];
    if (!contentType) return undefined;
    let found = cache.get(name);
    if (!found) {
      const dir = assetDirectory();
      if (!dir) throw new Error('The admin page is not built: run `npm run build` (node scripts/build.mjs)');
      found = readFile(`${dir}${name}`).then((body) => ({ body, contentType }));
      cache.set(name, found);
      found.catch(() => cache.delete(name));
    }
    return found;
  };
}
