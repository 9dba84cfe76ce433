import type { z } from 'zod';
import type { animalSchema } from '../collections/animals.js';
import type { zooSchema } from '../collections/zoos.js';

/** Five zoos; their ids are "1" to "5" in this order. */
export function demoZoos(): z.infer<typeof zooSchema>[] {
  return [
    { name: 'Berlin Zoological Garden', city: 'Berlin' },
    { name: 'Zurich Zoo', city: 'Zurich' },
    { name: 'Vienna Schoenbrunn Zoo', city: 'Vienna' },
    { name: 'Madrid Zoo Aquarium', city: 'Madrid' },
    { name: 'Paris Zoological Park', city: 'Paris' },
  ];
}

const species: readonly [string, string, z.infer<typeof animalSchema>['animalTypeId']][] = [
  ['Leo', 'lion', 'mammal'],
  ['Stripes', 'tiger', 'mammal'],
  ['Dumbo', 'elephant', 'mammal'],
  ['Gerry', 'giraffe', 'mammal'],
  ['Pingu', 'penguin', 'bird'],
  ['Rio', 'parrot', 'bird'],
  ['Flame', 'flamingo', 'bird'],
  ['Shelly', 'turtle', 'reptile'],
  ['Kaa', 'python', 'reptile'],
  ['Rex', 'crocodile', 'reptile'],
  ['Hopper', 'frog', 'amphibian'],
  ['Axel', 'axolotl', 'amphibian'],
  ['Nemo', 'clownfish', 'fish'],
  ['Bruce', 'shark', 'fish'],
  ['Buzz', 'bee', 'insect'],
  ['Atlas', 'beetle', 'insect'],
];

/** 40 animals spread over the five zoos, the same on every start. */
export function demoAnimals(): z.infer<typeof animalSchema>[] {
  return Array.from({ length: 40 }, (_, i) => {
    const [name, kind, animalTypeId] = species[i % species.length]!;
    return {
      name: i < species.length ? name : `${name} ${Math.floor(i / species.length) + 1}`,
      species: kind,
      animalTypeId,
      zooId: String((i % 5) + 1),
      yearOfBirth: 2005 + ((i * 7) % 19),
    };
  });
}
