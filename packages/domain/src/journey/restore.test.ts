import { describe, expect, it } from 'vitest';
import { createInitialState } from './defaults.js';
import { restoreState, serialiseState } from './restore.js';
import { getAnswer, resolveFieldPath, setAnswer, type StatePath } from './path.js';
import { STEP_IDS, STEPS } from './steps.js';

// The table says what each question's answer is, so a new question is checked on restore
// without a rule of its own in restore.ts (docs/architecture.md, adding a question).
describe('restoreState checks every question of the table', () => {
  const fields = STEP_IDS.flatMap((id) => STEPS[id].fields).filter(
    (field) =>
      field.kind === 'number' ||
      field.kind === 'slider' ||
      field.kind === 'yearsMonths' ||
      field.options !== undefined,
  );

  it.each(fields.map((field) => [resolveFieldPath(field.path, 1), field.kind] as const))(
    'puts back the default for a mistyped %s (%s)',
    (path: StatePath) => {
      const fresh = createInitialState();
      const tampered = JSON.parse(serialiseState(fresh)) as Record<string, unknown>;
      const keys = path.split('.');
      let node = tampered;
      for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
      node[keys[keys.length - 1]!] = 'not an answer';
      const restored = restoreState(JSON.stringify(tampered));
      expect(getAnswer(restored!, path)).toEqual(getAnswer(fresh, path));
    },
  );

  it('keeps a well-typed answer', () => {
    const answered = setAnswer(createInitialState(), 'form.propertyBedrooms', 3);
    expect(restoreState(serialiseState(answered))?.form.propertyBedrooms).toBe(3);
  });
});
