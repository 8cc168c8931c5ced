import { describe, expect, it } from 'vitest';
import { COMPANY_KEYS, COMPANY_SETTINGS, companyDetails, companyNamed } from './company.js';

describe('the company details', () => {
  it('has one setting per detail, each with its own variable and placeholder', () => {
    expect(Object.keys(COMPANY_SETTINGS)).toEqual([...COMPANY_KEYS]);
    const settings = Object.values(COMPANY_SETTINGS);
    expect(new Set(settings.map((setting) => setting.variable)).size).toBe(COMPANY_KEYS.length);
    expect(new Set(settings.map((setting) => setting.placeholder)).size).toBe(COMPANY_KEYS.length);
    for (const setting of settings) expect(setting.placeholder).toMatch(/^\[[a-zA-Z -]+\]$/);
  });

  it('builds the details from one function of the key', () => {
    expect(companyDetails((key) => COMPANY_SETTINGS[key].variable)).toEqual({
      name: 'COMPANY_NAME',
      number: 'COMPANY_NUMBER',
      fcaNumber: 'FCA_NUMBER',
      address: 'COMPANY_ADDRESS',
      email: 'COMPANY_EMAIL',
      phone: 'COMPANY_PHONE',
      icoNumber: 'ICO_NUMBER',
    });
  });

  it('stands a name in for details not known yet, the rest empty', () => {
    expect(companyNamed('Progressive Money')).toEqual({
      name: 'Progressive Money',
      number: '',
      fcaNumber: '',
      address: '',
      email: '',
      phone: '',
      icoNumber: '',
    });
  });

  it('keeps the local samples clearly fictional', () => {
    expect(COMPANY_SETTINGS.name.sample).toContain('sample data');
    expect(COMPANY_SETTINGS.phone.sample).toMatch(/^01632 960\d{3}$/);
    expect(COMPANY_SETTINGS.email.sample).toMatch(/@example\.com$/);
  });
});
