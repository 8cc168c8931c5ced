import { describe, expect, it } from 'vitest';
import { PROPERTY_TYPES, STEPS, STEP_IDS } from './journey/index.js';
import type { FieldSpec } from './journey/index.js';
import { answersFromPayload } from './payload-answers.js';
import {
  NAMED_PAYLOAD_FIELDS,
  namedPayloadAnswers,
  namedPayloadField,
  receivedValue,
  sentValue,
} from './payload-fields.js';
import { applicantPayload, applicantState } from './testing/applicant.js';

const field = (over: Partial<FieldSpec> & Pick<FieldSpec, 'path' | 'kind'>): FieldSpec => ({
  label: 'answer',
  who: 'applicant',
  ...over,
});

describe('the answers sent under their own names', () => {
  it('are the table fields marked inPayload, each described by its kind and options', () => {
    const flagged = STEP_IDS.flatMap((id) => STEPS[id].fields).filter((f) => f.inPayload);
    expect(NAMED_PAYLOAD_FIELDS.map((named) => named.path)).toEqual([
      ...new Set(flagged.map((f) => f.path)),
    ]);
    const described = NAMED_PAYLOAD_FIELDS.map(({ path, scope, name, type, values }) => ({
      path,
      scope,
      name,
      type,
      values,
    }));
    expect(described).toContainEqual({
      path: 'form.propertyType',
      scope: 'applicant',
      name: 'propertyType',
      type: 'string',
      values: [...PROPERTY_TYPES],
    });
    expect(described).toContainEqual({
      path: 'form.ownOtherProperties',
      scope: 'applicant',
      name: 'ownOtherProperties',
      type: 'boolean',
      values: undefined,
    });
  });

  it("places the joint applicant's answer in JointApplicant, and numbers as numbers", () => {
    const named = namedPayloadField(field({ path: 'form.joint.netMonthlyIncome', kind: 'number' }));
    expect(named).toMatchObject({ scope: 'joint', name: 'netMonthlyIncome', type: 'number' });
    expect(namedPayloadAnswers(applicantState('joint'), 'joint', [named])).toEqual({
      netMonthlyIncome: applicantState('joint').form.joint.netMonthlyIncome,
    });
    expect(namedPayloadAnswers(applicantState('joint'), 'applicant', [named])).toEqual({});
  });

  it('refuses a field that is not one answer of one person', () => {
    for (const spec of [
      field({ path: 'form.addresses.{n}.postcode', kind: 'postcode' }),
      field({ path: 'form.securityAddress', kind: 'address' }),
      field({ path: 'form.joint.yearsAtEmployer', kind: 'yearsMonths' }),
      field({ path: 'form.dateOfBirth', kind: 'dateOfBirth' }),
    ]) {
      expect(() => namedPayloadField(spec)).toThrow(/cannot be sent under its own name/);
    }
  });

  it('sends a trimmed text, drops an empty one, and reads back only a value of its type', () => {
    const title = namedPayloadField(field({ path: 'form.firstName', kind: 'text' }));
    expect(sentValue(title, '  Ada ')).toBe('Ada');
    expect(sentValue(title, '   ')).toBeNull();
    const amount = namedPayloadField(field({ path: 'form.loanAmount', kind: 'number' }));
    expect(sentValue(amount, Number.NaN)).toBeNull();
    expect(receivedValue(amount, '12')).toBeNull();
    expect(receivedValue(amount, 12)).toBe(12);
  });

  it('go into the payload the builder writes and come back as the same answers', () => {
    const payload = applicantPayload('secured') as unknown as Record<string, unknown>;
    const state = applicantState('secured');
    expect(payload.propertyType).toBe(state.form.propertyType);
    expect(payload.ownOtherProperties).toBe(state.form.ownOtherProperties);
    const back = answersFromPayload(payload);
    expect(back.state.form.propertyType).toBe(state.form.propertyType);
    expect(back.state.form.ownOtherProperties).toBe(state.form.ownOtherProperties);
    expect(back.answered.has('form.propertyType')).toBe(true);
    expect(answersFromPayload({ ...payload, propertyType: 7 }).state.form.propertyType).toBeNull();
  });
});
