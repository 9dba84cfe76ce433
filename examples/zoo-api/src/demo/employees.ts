import type { z } from 'zod';
import type { employeeSchema } from '../collections/employees.js';
import type { salaryStatementSchema } from '../collections/salary-statements.js';

const firstNames = [
  'Ada',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Elif',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemal',
  'Lena',
];
const lastNames = ['Keller', 'Moreau', 'Rossi', 'Novak', 'Yilmaz', 'Haddad', 'Berg', 'Tanaka', 'Silva', 'Weber'];
const maturities = ['junior', 'intermediate', 'senior'] as const;

/** The same 30 employees on every start, so that a newcomer's first requests show something stable. */
export function demoEmployees(): z.infer<typeof employeeSchema>[] {
  return Array.from({ length: 30 }, (_, i) => ({
    name: `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]}`,
    yearOfBirth: 1960 + ((i * 13) % 45),
    state: i % 3 === 0 ? 'external' : 'internal',
    maturity: maturities[(i * 5) % 3]!,
  }));
}

/** Three monthly statements for each of the first ten employees (ids "1" to "10"). */
export function demoSalaryStatements(): (z.infer<typeof salaryStatementSchema> & { employeeId: string })[] {
  return Array.from({ length: 10 }, (_, e) =>
    ['2026-08', '2026-09', '2026-10'].map((period, m) => ({
      employeeId: String(e + 1),
      period,
      grossAmount: 3800 + e * 250 + m * 10,
      currency: e % 4 === 3 ? 'CHF' : 'EUR',
    })),
  ).flat();
}
