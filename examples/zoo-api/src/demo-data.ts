import type { z } from 'zod';
import type { employeeSchema } from './collections/employees.js';

type Employee = z.infer<typeof employeeSchema>;

const firstNames = ['Ada', 'Bruno', 'Chiara', 'Dmitri', 'Elif', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kemal', 'Lena'];
const lastNames = ['Keller', 'Moreau', 'Rossi', 'Novak', 'Yilmaz', 'Haddad', 'Berg', 'Tanaka', 'Silva', 'Weber'];
const maturities = ['junior', 'intermediate', 'senior'] as const;

/** The same 30 employees on every start, so that a newcomer's first requests show something stable. */
export function demoEmployees(): Employee[] {
  return Array.from({ length: 30 }, (_, i) => ({
    name: `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]}`,
    yearOfBirth: 1960 + ((i * 13) % 45),
    state: i % 3 === 0 ? 'external' : 'internal',
    maturity: maturities[(i * 5) % 3]!,
  }));
}
