import { describe, expect, it } from 'vitest';
import { vehicleTypeForHost } from './vehicle-type.js';

describe('vehicleTypeForHost (docs/product.md §7)', () => {
  it.each([
    ['caravan.example.co.uk', 'Caravan'],
    ['leisure.example.co.uk', 'Caravan'],
    ['van.example.co.uk', 'Van'],
    ['horsebox.example.co.uk', 'Horsebox'],
    ['motorhome.example.co.uk', 'Motorhome'],
    ['motorbike.example.co.uk', 'Motorcycle'],
    ['apply.example.co.uk', 'Car'],
    ['localhost:5173', 'Car'],
    ['', 'Car'],
  ])('%s gives %s', (host, type) => {
    expect(vehicleTypeForHost(host)).toBe(type);
  });

  it('matches the word anywhere in the host name', () => {
    expect(vehicleTypeForHost('apply.vanfinance.co.uk')).toBe('Van');
    expect(vehicleTypeForHost('www.cheap-motorbike-loans.com')).toBe('Motorcycle');
    expect(vehicleTypeForHost('finance.leisurevehicles.co.uk')).toBe('Caravan');
  });

  it('is case-insensitive and ignores the port', () => {
    expect(vehicleTypeForHost('CARAVAN.Example.co.uk:8080')).toBe('Caravan');
    expect(vehicleTypeForHost('Horsebox.example.co.uk')).toBe('Horsebox');
  });

  it('does not read the port as part of the name', () => {
    expect(vehicleTypeForHost('apply.example.co.uk:8080')).toBe('Car');
  });

  describe('overlapping words', () => {
    it('caravan, which contains van, gives Caravan', () => {
      expect(vehicleTypeForHost('caravans.example.co.uk')).toBe('Caravan');
      expect(vehicleTypeForHost('van.caravan.example.co.uk')).toBe('Caravan');
    });

    it('leisure wins over van', () => {
      expect(vehicleTypeForHost('leisurevans.example.co.uk')).toBe('Caravan');
    });

    it('van wins over horsebox, motorhome and motorbike, in SPEC order', () => {
      expect(vehicleTypeForHost('horsebox-vans.example.co.uk')).toBe('Van');
      expect(vehicleTypeForHost('motorhome.vans.example.co.uk')).toBe('Van');
      expect(vehicleTypeForHost('motorbike-and-van.example.co.uk')).toBe('Van');
    });

    it('motorhome and motorbike share motor but stay apart', () => {
      expect(vehicleTypeForHost('motorhomes.example.co.uk')).toBe('Motorhome');
      expect(vehicleTypeForHost('motorbikes.example.co.uk')).toBe('Motorcycle');
      expect(vehicleTypeForHost('motors.example.co.uk')).toBe('Car');
    });

    it('horsebox before motorhome, motorhome before motorbike', () => {
      expect(vehicleTypeForHost('horsebox-motorhome.example.co.uk')).toBe('Horsebox');
      expect(vehicleTypeForHost('motorbike-motorhome.example.co.uk')).toBe('Motorhome');
    });
  });
});
