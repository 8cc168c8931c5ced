/** Storing the state in sessionStorage and reading it back, never trusting what comes back. */
import { STATE_VERSION, type ApplicationState, type UtmParameters } from './shape.js';
import { EMPLOYMENT_STATUSES, FINANCE_TYPES, VEHICLE_TYPES } from './options.js';
import { STEP_IDS, STEPS } from './steps.js';
import { createInitialState, emptyAddress, emptyEmployment } from './defaults.js';

/** A v4 GUID from 16 random bytes supplied by the caller (crypto.getRandomValues in practice). */
export function guidFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) {
    throw new RangeError('A v4 GUID needs exactly 16 random bytes');
  }
  const b = Array.from(bytes);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function serialiseState(state: ApplicationState): string {
  return JSON.stringify({ ...state, version: STATE_VERSION });
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type Check = (value: unknown) => boolean;

const oneOf =
  (options: readonly unknown[]): Check =>
  (value) =>
    options.includes(value);
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const isBoolean: Check = (value) => typeof value === 'boolean';

/** What the table says a field's stored value must be, by its key (`form.x.key` → `key`). */
function checksFromTable(): Record<string, Check> {
  const checks: Record<string, Check> = {};
  const key = (path: string) => path.slice(path.lastIndexOf('.') + 1);
  for (const id of STEP_IDS) {
    for (const field of STEPS[id].fields) {
      const values = field.options?.map((option) => option.value);
      if (values !== undefined) {
        checks[key(field.path)] = values.every((value) => typeof value === 'boolean')
          ? isBoolean
          : oneOf(values);
      } else if (field.kind === 'number' || field.kind === 'slider') {
        checks[key(field.path)] = isNumber;
      } else if (field.kind === 'yearsMonths') {
        checks[key(field.path)] = isNumber;
        if (field.monthsPath !== undefined) checks[key(field.monthsPath)] = isNumber;
      }
    }
  }
  return checks;
}

/**
 * What a stored value must be, by key, for the fields a default cannot describe: option lists,
 * and numbers and booleans that default to null. The table's questions give most of them (so a
 * new question needs nothing here); the rest are values no screen asks, or wider than a
 * screen's options. Other null-default fields are text; fields with a value by default must
 * keep its type.
 */
const FIELD_CHECKS: Readonly<Record<string, Check>> = {
  ...checksFromTable(),
  // form.term is a number; utmParameters.term is text.
  'utmParameters.term': (value) => typeof value === 'string',
  // The start question sets 'Secured', which the loan-type screen does not offer.
  financeType: oneOf(FINANCE_TYPES),
  // Only the joint applicant's may be false (docs/product.md §5).
  employmentStatus: (value) => value === false || oneOf(EMPLOYMENT_STATUSES)(value),
  vehicleType: oneOf(VEHICLE_TYPES),
  price: isNumber,
  mileage: isNumber,
  fullLicence: isBoolean,
  hasDeposit: isBoolean,
};

/** Fields with a value by default that may also be null (unanswered). */
const NULLABLE_WITH_DEFAULT = new Set(['loanAmount', 'term', 'cashDeposit']);

function accepts(parent: string, key: string, template: unknown, stored: unknown): boolean {
  if (stored === null) return template === null || NULLABLE_WITH_DEFAULT.has(key);
  const check = FIELD_CHECKS[`${parent}.${key}`] ?? FIELD_CHECKS[key];
  if (check) return check(stored);
  return template === null ? typeof stored === 'string' : typeof stored === typeof template;
}

/**
 * Fills every key of `template` from `stored` when the stored value is of the field's type.
 * Unknown keys are dropped, so a tampered or older store can never add properties (nor
 * `__proto__`) to the state.
 */
function mergeShape<T>(template: T, stored: unknown, parent = ''): T {
  if (!isObject(template) || !isObject(stored)) {
    return template;
  }
  const out: Json = { ...template };
  for (const key of Object.keys(template)) {
    if (!Object.prototype.hasOwnProperty.call(stored, key)) continue;
    const t = template[key];
    const s = stored[key];
    if (isObject(t)) {
      out[key] = mergeShape(t, s, key);
    } else if (Array.isArray(t)) {
      out[key] = t;
    } else if (accepts(parent, key, t, s)) {
      out[key] = s;
    }
  }
  return out as T;
}

function restoreList<T>(stored: unknown, make: () => T): T[] | null {
  if (!Array.isArray(stored) || stored.length === 0) return null;
  return stored.map((entry) => mergeShape(make(), entry));
}

/** Restores a stored state; a different version, or anything unreadable, gives null. */
export function restoreState(serialised: string | null | undefined): ApplicationState | null {
  if (!serialised) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(serialised);
  } catch {
    return null;
  }
  if (!isObject(parsed) || parsed.version !== STATE_VERSION) return null;

  const state = mergeShape(createInitialState(), parsed);
  const storedForm = isObject(parsed.form) ? parsed.form : {};

  state.form.addresses = restoreList(storedForm.addresses, emptyAddress) ?? state.form.addresses;
  state.form.employments = (
    restoreList(storedForm.employments, emptyEmployment) ?? state.form.employments
  ).map((employment) => ({
    ...employment,
    // Only the joint applicant's employmentStatus may be false.
    employmentStatus: employment.employmentStatus || null,
  }));
  state.savedAddresses =
    restoreList(parsed.savedAddresses, () => ({
      manual: false,
      streetAddress: null as string | null,
      value: null as string | null,
    })) ?? state.savedAddresses;

  // docs/design.md D2: older stores used registrationYear and fuelType.
  const storedVehicle = isObject(storedForm.vehicle) ? storedForm.vehicle : {};
  if (state.form.vehicle.year === null && typeof storedVehicle.registrationYear === 'string') {
    state.form.vehicle.year = storedVehicle.registrationYear;
  }
  if (state.form.vehicle.fuel === null && typeof storedVehicle.fuelType === 'string') {
    state.form.vehicle.fuel = storedVehicle.fuelType;
  }
  const optional: (keyof UtmParameters)[] = ['evsrc', 'evcmp', 'evrfd', 'evo_source', 'sid'];
  const storedUtm = isObject(storedForm.utmParameters) ? storedForm.utmParameters : {};
  for (const key of optional) {
    const value = storedUtm[key];
    if (typeof value === 'string') state.form.utmParameters[key] = value;
  }
  return state;
}
