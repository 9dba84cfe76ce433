import type { z } from 'zod';
import type { partySchema } from '../collections/parties.js';

type Party = z.infer<typeof partySchema>;

/** Ten customers of the zoos (schools, tour operators...). */
export function demoCustomers(): Party[] {
  const names = [
    'Lindenschule',
    'Safari Tours',
    'Ecole Jules Verne',
    'Kita Sonnenschein',
    'Alpine Travel',
    'Colegio Cervantes',
    'Zoo Friends Club',
    'Nature Photo Guild',
    'City Family Pass',
    'Wildlife Trust',
  ];
  const cities = ['Berlin', 'Zurich', 'Paris', 'Berlin', 'Vienna', 'Madrid', 'Zurich', 'Paris', 'Vienna', 'Madrid'];
  return names.map((name, i) => ({
    name,
    email: `contact@${name.toLowerCase().replace(/[^a-z]/g, '')}.example`,
    city: cities[i]!,
  }));
}

/** Eight suppliers (feed, veterinary care, equipment). */
export function demoSuppliers(): Party[] {
  const names = [
    'Fresh Feed GmbH',
    'VetCare AG',
    'Aquatic Systems',
    'Hay & Straw Co',
    'Insect Farm Ltd',
    'Enclosure Works',
    'Fish Market Nord',
    'Green Fodder SA',
  ];
  const cities = ['Hamburg', 'Basel', 'Lyon', 'Graz', 'Valencia', 'Munich', 'Bremen', 'Seville'];
  return names.map((name, i) => ({
    name,
    email: `orders@${name.toLowerCase().replace(/[^a-z]/g, '')}.example`,
    city: cities[i]!,
  }));
}
