import { describe, expect, it, vi } from 'vitest';
import {
  REPRESENTATIVE_EXAMPLE,
  SECURED_EXAMPLE,
  aprFromSchedule,
  monthlyRateFromApr,
  paymentFromApr,
  paymentFromMonthlyRate,
  representativeExample,
} from './finance.js';
import { formatGBP, roundToPence } from './money.js';

function level(amount: number, months: number) {
  return Array.from({ length: months }, (_, index) => ({ amount, month: index + 1 }));
}

describe('roundToPence', () => {
  it('rounds half a penny up and leaves whole pence alone', () => {
    expect(roundToPence(1.005)).toBe(1.01);
    expect(roundToPence(216.4488)).toBe(216.45);
    expect(roundToPence(10)).toBe(10);
  });
});

describe('monthlyRateFromApr', () => {
  it('compounds: twelve months at the monthly rate give the APR', () => {
    const rate = monthlyRateFromApr(0.184);
    expect(Math.pow(1 + rate, 12) - 1).toBeCloseTo(0.184, 12);
    expect(rate).toBeLessThan(0.184 / 12);
  });

  it('is zero at 0% APR', () => {
    expect(monthlyRateFromApr(0)).toBe(0);
  });
});

describe('paymentFromApr and paymentFromMonthlyRate', () => {
  it('gives the annuity payment to pence', () => {
    expect(paymentFromApr(7500, 0.184, 48)).toBe(216.45);
  });

  it('splits the principal evenly at 0%', () => {
    expect(paymentFromApr(1000, 0, 3)).toBe(333.33);
    expect(paymentFromMonthlyRate(1200, 0, 12)).toBe(100);
  });

  it('rejects a principal that is not a positive amount', () => {
    expect(() => paymentFromApr(0, 0.1, 12)).toThrow('The principal must be a positive amount');
    expect(() => paymentFromApr(Number.NaN, 0.1, 12)).toThrow(RangeError);
  });

  it('rejects a term that is not a positive whole number of months', () => {
    const message = 'The term must be a positive whole number of months';
    expect(() => paymentFromApr(1000, 0.1, 0)).toThrow(message);
    expect(() => paymentFromApr(1000, 0.1, 12.5)).toThrow(message);
  });
});

describe('aprFromSchedule', () => {
  it('recovers the APR a level schedule was built from', () => {
    expect(aprFromSchedule(7500, level(216.45, 48))).toBeCloseTo(0.184, 4);
  });

  it('is 0 when the payments add up to the principal', () => {
    expect(aprFromSchedule(1200, level(100, 12))).toBeCloseTo(0, 8);
  });

  it('is negative when the payments add up to less than the principal', () => {
    expect(aprFromSchedule(1200, level(99, 12))).toBeLessThan(0);
  });

  it('widens its search for a very high APR', () => {
    // £100 repaid as £300 one year later: 200% APR.
    expect(aprFromSchedule(100, [{ amount: 300, month: 12 }])).toBeCloseTo(2, 6);
  });

  it('discounts each payment by its own month, so timing matters', () => {
    const early = aprFromSchedule(1000, [{ amount: 1100, month: 6 }]);
    const late = aprFromSchedule(1000, [{ amount: 1100, month: 12 }]);
    expect(late).toBeCloseTo(0.1, 8);
    expect(early).toBeCloseTo(1.1 * 1.1 - 1, 8);
  });

  it('rejects an empty schedule, bad payments and a bad principal', () => {
    expect(() => aprFromSchedule(1000, [])).toThrow('A schedule needs at least one payment');
    const message = 'Each payment needs a positive amount and a month after drawdown';
    expect(() => aprFromSchedule(1000, [{ amount: 0, month: 1 }])).toThrow(message);
    expect(() => aprFromSchedule(1000, [{ amount: Infinity, month: 1 }])).toThrow(message);
    expect(() => aprFromSchedule(1000, [{ amount: 10, month: 0 }])).toThrow(message);
    expect(() => aprFromSchedule(1000, [{ amount: 10, month: Number.NaN }])).toThrow(message);
    expect(() => aprFromSchedule(-1, level(10, 2))).toThrow('The principal must be a positive');
  });

  it('gives up on a schedule whose APR is beyond any meaning', () => {
    expect(() => aprFromSchedule(1, [{ amount: 1e12, month: 1 }])).toThrow(
      'The schedule implies an APR above 100,000,000%',
    );
  });
});

describe('representative example (docs/product.md §1, §9; docs/design.md D9)', () => {
  it('computes exactly the figures SPEC states', () => {
    expect(REPRESENTATIVE_EXAMPLE).toEqual({
      amount: 7500,
      months: 48,
      apr: 0.184,
      monthly: 216.45,
      totalCostOfCredit: 2889.6,
      totalPayable: 10389.6,
    });
  });

  it('would be wrong with APR / 12 as the monthly rate (£221.88 a month)', () => {
    expect(paymentFromMonthlyRate(7500, 0.184 / 12, 48)).toBe(221.88);
  });

  it('works for other loans', () => {
    expect(representativeExample({ amount: 1200, months: 12, apr: 0 })).toEqual({
      amount: 1200,
      months: 12,
      apr: 0,
      monthly: 100,
      totalCostOfCredit: 0,
      totalPayable: 1200,
    });
  });
});

describe('secured-loan disclosure (docs/product.md §9; docs/design.md D9)', () => {
  it('is the lender disclosure exactly as configured', () => {
    expect(SECURED_EXAMPLE).toEqual({
      amount: 26600,
      months: 180,
      rateType: 'variable',
      annualRate: 0.1956,
      monthlyPayment: 484,
      productFee: 2660,
      productFeeShare: 0.1,
      lendingFees: { englandAndWales: 763, scotland: 1051, northernIreland: 1736 },
      totalRepayable: 87030,
      representativeAprc: 0.2896,
      aprcRange: { min: 0.117, max: 0.465 },
      maximumAprc: 0.5,
    });
    expect(SECURED_EXAMPLE.productFee).toBe(
      SECURED_EXAMPLE.amount * SECURED_EXAMPLE.productFeeShare,
    );
  });

  it('is consistent when both fees are added to the loan: £30,023 at 1.5% a month', () => {
    const financed =
      SECURED_EXAMPLE.amount +
      SECURED_EXAMPLE.productFee +
      SECURED_EXAMPLE.lendingFees.englandAndWales;
    expect(financed).toBe(30023);
    // 19.56% a year is the annual equivalent of 1.5% a month.
    expect(monthlyRateFromApr(SECURED_EXAMPLE.annualRate)).toBeCloseTo(0.015, 5);
    const monthly = paymentFromMonthlyRate(financed, 0.015, SECURED_EXAMPLE.months);
    expect(monthly).toBe(483.5);
    expect(roundToPence(monthly * SECURED_EXAMPLE.months)).toBe(SECURED_EXAMPLE.totalRepayable);
    // The disclosed £484.00 matches that payment rounded up to the pound; 180 × £484 would be £87,120.
    expect(Math.ceil(monthly)).toBe(SECURED_EXAMPLE.monthlyPayment);
    expect(SECURED_EXAMPLE.monthlyPayment * SECURED_EXAMPLE.months).not.toBe(
      SECURED_EXAMPLE.totalRepayable,
    );
  });

  it('does NOT reproduce its own 28.96% APRC: the schedule implies about 22.96%', () => {
    // Deliberately asserts the discrepancy, so neither figure is ever silently "fixed".
    const disclosed = aprFromSchedule(
      SECURED_EXAMPLE.amount,
      level(SECURED_EXAMPLE.monthlyPayment, SECURED_EXAMPLE.months),
    );
    expect(disclosed).toBeGreaterThan(0.2295);
    expect(disclosed).toBeLessThan(0.2297);
    const computed = aprFromSchedule(SECURED_EXAMPLE.amount, level(483.5, SECURED_EXAMPLE.months));
    expect(computed).toBeGreaterThan(0.2292);
    expect(computed).toBeLessThan(0.2294);
    expect(Math.abs(disclosed - SECURED_EXAMPLE.representativeAprc)).toBeGreaterThan(0.05);
    expect(Math.abs(computed - SECURED_EXAMPLE.representativeAprc)).toBeGreaterThan(0.05);
  });
});

describe('formatGBP', () => {
  it('shows whole pounds without pence and amounts with pence with them', () => {
    expect(formatGBP(7500)).toBe('£7,500');
    expect(formatGBP(216.45)).toBe('£216.45');
    expect(formatGBP(2889.6)).toBe('£2,889.60');
    expect(formatGBP(10389.6)).toBe('£10,389.60');
  });

  it('forces pence on or off', () => {
    expect(formatGBP(484, { pence: true })).toBe('£484.00');
    expect(formatGBP(216.45, { pence: false })).toBe('£216');
  });

  it('treats float noise below a penny as whole pounds', () => {
    expect(formatGBP(0.1 + 0.2 - 0.3 + 5)).toBe('£5');
  });

  it('gives what Intl.NumberFormat en-GB GBP gives, halves and negatives included', () => {
    const intl = (pence: boolean) =>
      new Intl.NumberFormat('en-GB', {
        style: 'currency',
        currency: 'GBP',
        minimumFractionDigits: pence ? 2 : 0,
        maximumFractionDigits: pence ? 2 : 0,
      });
    const [withPence, whole] = [intl(true), intl(false)];
    const amounts = [0, -0, 0.5, 1.5, 2.5, -2.5, 1.005, 0.005, -0.005, 9.995, 999.995, 1e-7, 1e15];
    amounts.push(123456789012.345, -1234.5, 1e21, NaN, Infinity, -Infinity);
    let seed = 15;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 5000; i += 1) {
      amounts.push(Math.round(next() * 1e9) / 100, next() * 1e7, -next() * 1e5);
      amounts.push(Math.floor(next() * 1e6) + 0.5, Math.floor(next() * 1e6) / 100 + 0.005);
    }
    for (const amount of amounts) {
      expect(formatGBP(amount, { pence: true }), String(amount)).toBe(withPence.format(amount));
      expect(formatGBP(amount, { pence: false }), String(amount)).toBe(whole.format(amount));
    }
  });

  it('creates no Intl.NumberFormat, loading or formatting (its first one costs a long task)', async () => {
    vi.resetModules();
    const created = vi.spyOn(Intl, 'NumberFormat');
    try {
      const money = await import('./money.js');
      expect(money.formatGBP(7500)).toBe('£7,500');
      expect(money.formatGBP(216.456)).toBe('£216.46');
      expect(created).not.toHaveBeenCalled();
    } finally {
      created.mockRestore();
    }
  });
});
