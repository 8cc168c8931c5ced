import { describe, expect, it } from 'vitest';
import {
  PROGRESS_ITEM_COUNT,
  progressItems,
  progressItemsApplying,
  progressPercent,
} from './progress.js';
import { createInitialState, type ApplicationState } from './state.js';

type Edit = (s: ApplicationState) => void;

const ITEMS: [string, Edit][] = [
  ['financeDetailsCompleted', (s) => void (s.form.financeDetailsCompleted = true)],
  ['drivingLicenceCompleted', (s) => void (s.form.drivingLicenceCompleted = true)],
  ['loanAmountCompleted', (s) => void (s.form.loanAmountCompleted = true)],
  ['maritalStatusCompleted', (s) => void (s.form.maritalStatusCompleted = true)],
  ['employmentStatusCompleted', (s) => void (s.form.employmentStatusCompleted = true)],
  ['addressStatusCompleted', (s) => void (s.form.addressStatusCompleted = true)],
  ['personalDetailsCompleted', (s) => void (s.form.personalDetailsCompleted = true)],
  ['dateOfBirthCompleted', (s) => void (s.form.dateOfBirthCompleted = true)],
  ['title', (s) => void (s.form.title = 'Ms')],
  ['first name', (s) => void (s.form.firstName = 'Ada')],
  ['last name', (s) => void (s.form.lastName = 'Lovelace')],
  ['email', (s) => void (s.form.email = 'ada@example.com')],
  ['contact number', (s) => void (s.form.contactNumber = '07123456789')],
  ['first address postcode', (s) => void (s.form.addresses[0]!.postcode = 'SW1A 1AA')],
  ['first address years', (s) => void (s.form.addresses[0]!.yearsAtAddress = 4)],
  ['first employment years', (s) => void (s.form.employments[0]!.yearsAtEmployer = 2)],
  ['net monthly income', (s) => void (s.form.netMonthlyIncome = 2100)],
];

function stateWith(...edits: Edit[]): ApplicationState {
  const state = createInitialState();
  for (const edit of edits) edit(state);
  return state;
}

describe('progress (docs/product.md §4, docs/design.md D1)', () => {
  it('has 17 items', () => {
    expect(PROGRESS_ITEM_COUNT).toBe(17);
    expect(ITEMS).toHaveLength(17);
    expect(progressItems(createInitialState())).toHaveLength(17);
  });

  it('is 0 for a fresh state, despite its default loan amount and term', () => {
    expect(progressItems(createInitialState()).some(Boolean)).toBe(false);
    expect(progressPercent(createInitialState())).toBe(0);
  });

  it('is 100 when every item is done', () => {
    const state = stateWith(...ITEMS.map(([, edit]) => edit));
    expect(progressItems(state).every(Boolean)).toBe(true);
    expect(progressPercent(state)).toBe(100);
  });

  it('leaves the driving-licence flag out on the secured path, which never asks it (0014)', () => {
    const secured = stateWith((s) => void (s.form.loanPurposeType = 'HomeImprovements'));
    // At the first screen nothing is done yet: not 6% (1 of 17) as before.
    expect(progressItems(secured)[1]).toBe(false);
    expect(progressItemsApplying(secured)[1]).toBe(false);
    expect(progressItemsApplying(secured).filter(Boolean)).toHaveLength(16);
    expect(progressPercent(secured)).toBe(0);
    const oneItem = stateWith(
      (s) => void (s.form.loanPurposeType = 'DebtConsolidation'),
      (s) => void (s.form.loanAmountCompleted = true),
    );
    expect(progressPercent(oneItem)).toBe(6); // 1 of 16 = 6.25%
    const fifteen = stateWith(
      (s) => void (s.form.loanPurposeType = 'SomethingElse'),
      ...ITEMS.filter(([name]) => name !== 'drivingLicenceCompleted')
        .slice(0, 15)
        .map(([, edit]) => edit),
    );
    expect(progressPercent(fifteen)).toBe(94); // 15 of 16 = 93.75%
    const secureAll = stateWith(
      ...ITEMS.filter(([name]) => name !== 'drivingLicenceCompleted').map(([, edit]) => edit),
      (s) => void (s.form.loanPurposeType = 'DebtConsolidation'),
    );
    expect(progressPercent(secureAll)).toBe(100);
  });

  it('counts the driving-licence flag on the vehicle path and before the path is known', () => {
    const vehicle = stateWith((s) => void (s.form.loanPurposeType = 'Vehicle'));
    expect(progressItems(vehicle)[1]).toBe(false);
    expect(progressItemsApplying(vehicle).every(Boolean)).toBe(true);
    const vehicleAllButLicence = stateWith(
      ...ITEMS.filter(([name]) => name !== 'drivingLicenceCompleted').map(([, edit]) => edit),
      (s) => void (s.form.loanPurposeType = 'Vehicle'),
    );
    expect(progressPercent(vehicleAllButLicence)).toBe(94); // 16 of 17
    expect(progressItemsApplying(createInitialState()).every(Boolean)).toBe(true);
  });

  it.each(ITEMS.map(([name, edit], index) => ({ name, edit, index })))(
    '$name alone is item $index and gives 6%',
    ({ edit, index }) => {
      const items = progressItems(stateWith(edit));
      expect(items.filter(Boolean)).toHaveLength(1);
      expect(items[index]).toBe(true);
      expect(progressPercent(stateWith(edit))).toBe(6);
    },
  );

  it('rounds each share to a whole percentage', () => {
    expect(progressPercent(stateWith(...ITEMS.slice(0, 2).map(([, e]) => e)))).toBe(12);
    expect(progressPercent(stateWith(...ITEMS.slice(0, 9).map(([, e]) => e)))).toBe(53);
    expect(progressPercent(stateWith(...ITEMS.slice(0, 16).map(([, e]) => e)))).toBe(94);
  });

  it('does not count addressLocationCompleted', () => {
    const state = stateWith((s) => void (s.form.addressLocationCompleted = true));
    expect(progressPercent(state)).toBe(0);
  });

  it('counts months when years are blank, for address and employment', () => {
    expect(progressPercent(stateWith((s) => void (s.form.addresses[0]!.monthsAtAddress = 7)))).toBe(
      6,
    );
    expect(
      progressPercent(stateWith((s) => void (s.form.employments[0]!.monthsAtEmployer = 7))),
    ).toBe(6);
  });

  it('counts 0 as an answer (0 years, 0 months, £0 income)', () => {
    const state = stateWith((s) => {
      s.form.addresses[0]!.yearsAtAddress = 0;
      s.form.addresses[0]!.monthsAtAddress = 0;
      s.form.employments[0]!.yearsAtEmployer = 0;
      s.form.netMonthlyIncome = 0;
    });
    expect(progressItems(state).filter(Boolean)).toHaveLength(3);
  });

  it('does not count blank text, a missing first address or employment, or NaN', () => {
    const state = stateWith((s) => {
      s.form.firstName = '   ';
      s.form.email = '';
      s.form.netMonthlyIncome = Number.NaN;
      s.form.addresses = [];
      s.form.employments = [];
    });
    expect(progressPercent(state)).toBe(0);
  });

  it('only looks at the first address and employment', () => {
    const state = stateWith((s) => {
      s.form.addresses.push({ ...s.form.addresses[0]!, postcode: 'LS1 4AP', yearsAtAddress: 3 });
      s.form.employments.push({ ...s.form.employments[0]!, yearsAtEmployer: 3 });
    });
    expect(progressPercent(state)).toBe(0);
  });
});
