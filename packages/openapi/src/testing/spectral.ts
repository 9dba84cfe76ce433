import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** One finding of Spectral: the rule, where it points in the document, and its severity (0 error .. 3 hint). */
export interface SpectralFinding {
  readonly code: string;
  readonly message: string;
  readonly path: readonly (string | number)[];
  readonly severity: number;
}

/** Runs the Spectral CLI (as the zoo's tests do) with a ruleset file of the repository on a document; the exit code is 0 when nothing reached `warn`. */
export async function spectralLint(
  document: string,
  ruleset: string,
): Promise<{ exitCode: number; findings: SpectralFinding[] }> {
  const folder = await mkdtemp(join(tmpdir(), 'corral-spectral-'));
  try {
    const file = join(folder, 'openapi.json');
    const report = join(folder, 'report.json');
    await writeFile(file, document);
    const spectral = join(root, 'node_modules/.bin/spectral');
    const args = [
      'lint',
      file,
      '--ruleset',
      join(root, ruleset),
      '--format',
      'json',
      '--output',
      report,
      '--fail-severity',
      'warn',
    ];
    const exitCode = await promisify(execFile)(spectral, args, { cwd: root }).then(
      () => 0,
      (failed: { code: number }) => failed.code,
    );
    return { exitCode, findings: JSON.parse(await readFile(report, 'utf8')) as SpectralFinding[] };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
