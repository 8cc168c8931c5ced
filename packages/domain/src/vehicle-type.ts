import { normaliseHost } from './brands.js';
import type { VehicleType } from './journey/options.js';

// docs/product.md §7, first match wins: 'caravan' must be tested before 'van', which it contains.
const HOST_WORDS: readonly (readonly [string, VehicleType])[] = [
  ['caravan', 'Caravan'],
  ['leisure', 'Caravan'],
  ['van', 'Van'],
  ['horsebox', 'Horsebox'],
  ['motorhome', 'Motorhome'],
  ['motorbike', 'Motorcycle'],
];

/** The vehicle type a host name implies (docs/product.md §7); a word anywhere in the host name counts. */
export function vehicleTypeForHost(host: string): VehicleType {
  const name = normaliseHost(host);
  return HOST_WORDS.find(([word]) => name.includes(word))?.[1] ?? 'Car';
}
