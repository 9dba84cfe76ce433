// Biome wraps code at 120 characters but leaves long strings and comments as they are: this keeps
// the lines over 120 in the packages' source (tests aside) under 1%, so that they stay the exception.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const limit = 120;
const files = execFileSync('git', ['ls-files', 'packages/*/src/*.ts', 'packages/*/src/**/*.ts'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !file.endsWith('.test.ts'));
let lines = 0;
const long = [];
for (const file of files) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      lines++;
      if (line.length > limit) long.push(`${file}:${index + 1}`);
    });
}
const share = long.length / lines;
console.log(
  `long lines: ${long.length} of ${lines} source lines over ${limit} characters (${(share * 100).toFixed(2)}%)`,
);
if (share >= 0.01) {
  console.error(`at most 1% may be longer than ${limit} characters; wrap some of these:\n${long.join('\n')}`);
  process.exit(1);
}
