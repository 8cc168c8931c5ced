import { describe, expect, it } from 'vitest';
import {
  cleanCashDepositInput,
  capitaliseFirstLetter,
  cleanNumberInput,
  cleanPhoneInput,
  validateAddressSelect,
  validateCheckbox,
  validateDropdown,
  validateEmail,
  validateNumber,
  validateName,
  validatePhone,
  validatePhoneFormInput,
  validateRadioGroup,
  validateSlider,
  validateText,
  validateTitle,
  validateYearsAndMonths,
} from './validation.js';

describe('validateText', () => {
  it('asks for an empty or blank value in your/their wording', () => {
    expect(validateText('', 'first name')).toBe('Please enter your first name.');
    expect(validateText('   ', 'first name', 'applicant')).toBe('Please enter your first name.');
    expect(validateText(null, 'last name', 'joint')).toBe('Please enter their last name.');
    expect(validateText(undefined, 'last name')).toBe('Please enter your last name.');
  });

  it('accepts up to 50 characters by default, counted after trimming', () => {
    expect(validateText('Ann', 'first name')).toBeNull();
    expect(validateText('a'.repeat(50), 'first name')).toBeNull();
    expect(validateText(`  ${'a'.repeat(50)}  `, 'first name')).toBeNull();
    expect(validateText('a'.repeat(51), 'first name')).toBe('Must be 50 characters or fewer.');
  });

  it('takes another maximum length', () => {
    expect(validateText('abcdef', 'code', 'applicant', { maxLength: 5 })).toBe(
      'Must be 5 characters or fewer.',
    );
    expect(validateText('abcde', 'code', 'applicant', { maxLength: 5 })).toBeNull();
  });

  it('lets an optional field be empty but still checks its length', () => {
    expect(validateText('', 'statement', 'applicant', { required: false })).toBeNull();
    expect(validateText(null, 'statement', 'joint', { required: false })).toBeNull();
    expect(validateText('a'.repeat(51), 'statement', 'applicant', { required: false })).toBe(
      'Must be 50 characters or fewer.',
    );
  });
});

describe('capitaliseFirstLetter', () => {
  it.each([
    ['john', 'John'],
    ['John', 'John'],
    ['mcDonald', 'McDonald'],
    ["o'neil", "O'neil"],
    ['émile', 'Émile'],
    [' anna', ' Anna'],
    ['', ''],
    ['123', '123'],
  ])('%j → %j', (value, expected) => {
    expect(capitaliseFirstLetter(value)).toBe(expected);
  });
});

describe('validateTitle', () => {
  it.each(['Mr', 'Mrs', 'Miss', 'Ms', 'Mx', 'Dr'])('accepts %s', (title) => {
    expect(validateTitle(title)).toBeNull();
  });

  it('asks for a missing or unknown title', () => {
    expect(validateTitle(null)).toBe('Please enter your title.');
    expect(validateTitle(undefined, 'applicant')).toBe('Please enter your title.');
    expect(validateTitle('', 'joint')).toBe('Please enter their title.');
    expect(validateTitle('Lord', 'joint')).toBe('Please enter their title.');
    expect(validateTitle('mr')).toBe('Please enter your title.');
  });
});

describe('cleanNumberInput', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['abc', ''],
    ['12abc', ''],
    ['1e3', ''],
    ['0x10', ''],
    ['Infinity', ''],
    ['-', ''],
    ['.', ''],
    ['1.2.3', ''],
    ['9'.repeat(400), ''],
  ] as const)('treats %j as blank', (raw, expected) => {
    expect(cleanNumberInput(raw)).toBe(expected);
  });

  it.each([
    ['0', 0],
    ['42', 42],
    [' 42 ', 42],
    ['42.', 42],
    ['42.1', 43],
    ['42.9', 43],
    ['.5', 1],
    ['10,000', 10000],
    ['£7,500', 7500],
    ['£ 7 500.50', 7501],
  ])('turns %j into %d, rounding up', (raw, expected) => {
    expect(cleanNumberInput(raw)).toBe(expected);
  });

  it('makes a negative number 0, not its absolute value', () => {
    expect(cleanNumberInput('-5')).toBe(0);
    expect(cleanNumberInput('-0.5')).toBe(0);
    expect(Object.is(cleanNumberInput('-0.5'), 0)).toBe(true);
  });
});

describe('cleanCashDepositInput (docs/product.md §4)', () => {
  it.each([
    ['abc', 0],
    ['£ten', 0],
    ['1.2.3', 0],
    ['-', 0],
    ['1500', 1500],
    ['£1,500', 1500],
    ['99.01', 100],
    ['-20', 0],
  ])('%j → %j', (raw, expected) => {
    expect(cleanCashDepositInput(raw)).toBe(expected);
  });

  it('leaves a blank box blank', () => {
    expect(cleanCashDepositInput('')).toBe('');
    expect(cleanCashDepositInput('   ')).toBe('');
  });
});

describe('validateNumber', () => {
  it('asks for a blank value when required (the default)', () => {
    expect(validateNumber('', 'net monthly income')).toBe('Please enter your net monthly income.');
    expect(validateNumber(null, 'net monthly income', 'joint')).toBe(
      'Please enter their net monthly income.',
    );
    expect(validateNumber(undefined, 'deposit')).toBe('Please enter your deposit.');
    expect(validateNumber(Number.NaN, 'deposit')).toBe('Please enter your deposit.');
  });

  it('lets an optional number be blank', () => {
    expect(validateNumber('', 'deposit', 'applicant', { required: false })).toBeNull();
  });

  it('applies the between-rule, bounds included', () => {
    const opts = { min: 1000, max: 100000 };
    expect(validateNumber(1000, 'loan amount', 'applicant', opts)).toBeNull();
    expect(validateNumber(100000, 'loan amount', 'applicant', opts)).toBeNull();
    expect(validateNumber(999, 'loan amount', 'applicant', opts)).toBe(
      'Must be between 1000 and 100000.',
    );
    expect(validateNumber(100001, 'loan amount', 'applicant', opts)).toBe(
      'Must be between 1000 and 100000.',
    );
  });

  it('has its own message when only one bound is given', () => {
    expect(validateNumber(499, 'income', 'applicant', { min: 500 })).toBe('Must be 500 or more.');
    expect(validateNumber(500, 'income', 'applicant', { min: 500 })).toBeNull();
    expect(validateNumber(11, 'bedrooms', 'applicant', { max: 10 })).toBe('Must be 10 or less.');
    expect(validateNumber(10, 'bedrooms', 'applicant', { max: 10 })).toBeNull();
  });

  it('accepts any number without bounds', () => {
    expect(validateNumber(0, 'deposit')).toBeNull();
    expect(validateNumber(123456789, 'deposit')).toBeNull();
  });
});

describe('validateEmail', () => {
  it('asks for a missing email in your/their wording', () => {
    expect(validateEmail('')).toBe('Please enter your email address.');
    expect(validateEmail('  ', 'email address', 'applicant')).toBe(
      'Please enter your email address.',
    );
    expect(validateEmail(null, 'email address', 'joint')).toBe('Please enter their email address.');
    expect(validateEmail(undefined, 'email')).toBe('Please enter your email.');
  });

  it.each([
    'ann@example.com',
    'ann.smith+loans@mail.example.co.uk',
    "o'neil@example.org",
    'a_b-c@sub-domain.example.com',
    'x@xn--p1ai.xn--p1ai',
    '  ann@example.com  ',
    '1@2.co',
  ])('accepts %j', (email) => {
    expect(validateEmail(email)).toBeNull();
  });

  it.each([
    'ann',
    'ann@',
    '@example.com',
    'ann@example',
    'ann@@example.com',
    'ann example@example.com',
    'ann@exa mple.com',
    '.ann@example.com',
    'ann.@example.com',
    'an..n@example.com',
    'ann@-example.com',
    'ann@example-.com',
    'ann@example..com',
    'ann@example.c',
    'ann@example.123',
    'ann@example.com.',
    'ann(at)example.com',
  ])('rejects %j as badly formed', (email) => {
    expect(validateEmail(email)).toBe('Please try again. That email address doesn’t look right.');
  });

  it('allows 50 characters and no more', () => {
    const fifty = `${'a'.repeat(38)}@example.com`;
    expect(fifty).toHaveLength(50);
    expect(validateEmail(fifty)).toBeNull();
    expect(validateEmail(`a${fifty}`)).toBe('Must be 50 characters or fewer.');
  });
});

describe('cleanPhoneInput', () => {
  it.each([
    ['07700 123 456', '07700123456'],
    [' 07700123456 ', '07700123456'],
    ['+447700123456', '07700123456'],
    ['+44 7700 123456', '07700123456'],
    ['0770.012,3456', '07700123456'],
    ['07700+123456', '07700123456'],
    ['447700123456', '447700123456'],
    ['01234567890123456', '0123456789012'],
    ['', ''],
  ])('%j → %j', (raw, expected) => {
    expect(cleanPhoneInput(raw)).toBe(expected);
  });
});

describe('validatePhoneFormInput', () => {
  it('asks for a missing number', () => {
    expect(validatePhoneFormInput('')).toBe('Please enter a valid phone number.');
    expect(validatePhoneFormInput(' ')).toBe('Please enter a valid phone number.');
    expect(validatePhoneFormInput(null)).toBe('Please enter a valid phone number.');
    expect(validatePhoneFormInput(undefined)).toBe('Please enter a valid phone number.');
  });

  it('accepts 10 to 13 digits', () => {
    expect(validatePhoneFormInput('0123456789')).toBeNull();
    expect(validatePhoneFormInput('07700123456')).toBeNull();
    expect(validatePhoneFormInput('0123456789012')).toBeNull();
  });

  it.each(['012345678', '01234567890123', '0770012345a', '+4477001234'])('rejects %j', (value) => {
    expect(validatePhoneFormInput(value)).toBe(
      'Please try again. That phone number doesn’t look right.',
    );
  });
});

describe('validatePhone (brand-level check, docs/design.md D5)', () => {
  it.each([
    ['', 'Please enter your phone number'],
    ['   ', 'Please enter your phone number'],
    [null, 'Please enter your phone number'],
    [undefined, 'Please enter your phone number'],
    ['+447700123456', 'Please enter your phone number without the country code'],
    ['+4477', 'Please enter your phone number without the country code'],
    ['0770012345', 'Please try again, UK phone numbers should contain 11 digits'],
    ['077001234567', 'Please try again, UK phone numbers should contain 11 digits'],
    ['0770012345a', 'Please try again, UK phone numbers should contain 11 digits'],
    ['0770-012-345', 'Please try again, UK phone numbers should contain 11 digits'],
    ['44770012345', 'Please try again, your phone number should start with a 0'],
    ['77001234567', 'Please try again, your phone number should start with a 0'],
    ['07700900000', 'Please try again, Your phone number looks invalid'],
    ['07700900999', 'Please try again, Your phone number looks invalid'],
    ['02079460123', 'Please try again, Your phone number looks invalid'],
    ['01632960500', 'Please try again, Your phone number looks invalid'],
    ['02890180123', 'Please try again, Your phone number looks invalid'],
    ['08001234567', 'Please try again, Your phone number looks invalid'],
    ['09001234567', 'Please try again, Your phone number looks invalid'],
    ['07600123456', 'Please try again, Your phone number looks invalid'],
    ['04001234567', 'Please try again, Your phone number looks invalid'],
  ])('%j → %j', (value, expected) => {
    expect(validatePhone(value)).toBe(expected);
  });

  it.each([
    '07700123456',
    '07700 123 456',
    '07700901000',
    '07624123456',
    '07123456789',
    '01134961000',
    '02071234567',
    '03001234567',
    '05001234567',
  ])('accepts %j', (value) => {
    expect(validatePhone(value)).toBeNull();
  });

  it.each([
    '07911-123456',
    '07911.123456',
    '(07911) 123456',
    '(07911)123456',
    '07911,123,456',
    '07911 – 123456',
    '020 7123 4567',
  ])('removes the separators people type before counting digits: accepts %j', (value) => {
    expect(validatePhone(value)).toBeNull();
  });

  it('keeps its order and messages after removing separators', () => {
    expect(validatePhone('(+44) 7911-123456')).toBe(
      'Please enter your phone number without the country code',
    );
    expect(validatePhone('0791-112-345')).toBe(
      'Please try again, UK phone numbers should contain 11 digits',
    );
    expect(validatePhone('(7911) 1234-567')).toBe(
      'Please try again, your phone number should start with a 0',
    );
    expect(validatePhone('07700-900-123')).toBe(
      'Please try again, Your phone number looks invalid',
    );
    expect(validatePhone('()')).toBe('Please enter your phone number');
  });

  it.each([
    ['', 'Please enter their phone number'],
    ['+447911123456', 'Please enter their phone number without the country code'],
    ['0791112345', 'Please try again, UK phone numbers should contain 11 digits'],
    ['79111234567', 'Please try again, their phone number should start with a 0'],
    ['07700900123', 'Please try again, their phone number looks invalid'],
    ['04123456789', 'Please try again, their phone number looks invalid'],
  ])('the joint applicant: %j → %j', (value, expected) => {
    expect(validatePhone(value, 'joint')).toBe(expected);
  });
});

describe('validateName (decision 0013)', () => {
  const HIDDEN =
    'Please enter your first name without hidden characters, such as zero-width spaces or text direction marks.';

  it('needs a name, no longer than 50 characters', () => {
    expect(validateName('', 'first name')).toBe('Please enter your first name.');
    expect(validateName('  ', 'last name', 'joint')).toBe('Please enter their last name.');
    expect(validateName(null, 'first name')).toBe('Please enter your first name.');
    expect(validateName('a'.repeat(51), 'first name')).toBe('Must be 50 characters or fewer.');
    expect(validateName(` ${'a'.repeat(50)} `, 'first name')).toBeNull();
  });

  it.each([
    ['a right-to-left override', 'Ada\u202eecalevoL'],
    ['a left-to-right override', '\u202dAda'],
    ['a right-to-left isolate', 'Ada\u2067x\u2069'],
    ['a right-to-left mark', 'Ada\u200f'],
    ['an Arabic letter mark', 'Ada\u061c'],
    ['a zero-width space', 'A\u200bda'],
    ['a zero-width joiner', 'A\u200dda'],
    ['a zero-width non-joiner', 'A\u200cda'],
    ['a word joiner', 'A\u2060da'],
    ['a byte order mark', '\ufeffAda'],
    ['a soft hyphen', 'A\u00adda'],
    ['a lone high surrogate', 'Ada\ud800'],
    ['a lone low surrogate', '\udfffAda'],
    ['a control character', 'Ada\u0007'],
    ['a tab', 'Ada\tLovelace'],
    ['a line separator', 'Ada\u2028'],
  ])('refuses %s', (_name, value) => {
    expect(validateName(value, 'first name')).toBe(HIDDEN);
  });

  it("says 'their' for the joint applicant", () => {
    expect(validateName('Sam\u200b', 'last name', 'joint')).toBe(
      'Please enter their last name without hidden characters, such as zero-width spaces or text direction marks.',
    );
  });

  it.each(['Zoë', "O'Brien", 'Jean-Luc', 'Nguyễn', '李', 'Ólafsdóttir', 'Mary Ann', '𝒜da'])(
    'accepts %j',
    (value) => {
      expect(validateName(value, 'first name')).toBeNull();
    },
  );
});

describe('validateCheckbox', () => {
  it('needs the box checked', () => {
    expect(validateCheckbox(true)).toBeNull();
    expect(validateCheckbox(false)).toBe('Please check this box.');
    expect(validateCheckbox(null)).toBe('Please check this box.');
    expect(validateCheckbox(undefined)).toBe('Please check this box.');
  });
});

describe('validateYearsAndMonths', () => {
  const message = 'Please answer this question.';

  it('needs at least one of the two', () => {
    expect(validateYearsAndMonths('', '')).toBe(message);
    expect(validateYearsAndMonths(null, undefined)).toBe(message);
    expect(validateYearsAndMonths(Number.NaN, '')).toBe(message);
  });

  it('counts a blank box as 0 when the other is answered', () => {
    expect(validateYearsAndMonths(3, '')).toBeNull();
    expect(validateYearsAndMonths(null, 6)).toBeNull();
    expect(validateYearsAndMonths(0, 0)).toBeNull();
  });

  it('accepts 0-99 years and 0-11 months', () => {
    expect(validateYearsAndMonths(99, 11)).toBeNull();
    expect(validateYearsAndMonths(100, 0)).toBe(message);
    expect(validateYearsAndMonths(0, 12)).toBe(message);
    expect(validateYearsAndMonths(-1, 0)).toBe(message);
    expect(validateYearsAndMonths(0, -1)).toBe(message);
    expect(validateYearsAndMonths(1.5, 0)).toBe(message);
    expect(validateYearsAndMonths(1, 2.5)).toBe(message);
  });
});

describe('validateAddressSelect', () => {
  it('needs an address chosen', () => {
    expect(validateAddressSelect('12345678')).toBeNull();
    expect(validateAddressSelect('')).toBe('Please choose your address.');
    expect(validateAddressSelect(null)).toBe('Please choose your address.');
    expect(validateAddressSelect(undefined)).toBe('Please choose your address.');
  });
});

describe('validateDropdown', () => {
  it('asks for a choice in your/their wording', () => {
    expect(validateDropdown('', 'property type')).toBe('Please choose your property type.');
    expect(validateDropdown(null, 'marital status', 'joint')).toBe(
      'Please choose their marital status.',
    );
    expect(validateDropdown(undefined, 'marital status', 'applicant')).toBe(
      'Please choose your marital status.',
    );
  });

  it('accepts any chosen value, including 0', () => {
    expect(validateDropdown('Detached', 'property type')).toBeNull();
    expect(validateDropdown(0, 'bedrooms')).toBeNull();
    expect(validateDropdown(3, 'bedrooms')).toBeNull();
  });
});

describe('validateSlider', () => {
  it('asks for an empty value', () => {
    expect(validateSlider('', 'loan amount', 1000, 100000)).toBe('Please enter your loan amount.');
    expect(validateSlider(null, 'loan amount', 1000, 100000, 'joint')).toBe(
      'Please enter their loan amount.',
    );
  });

  it('checks the range, bounds included', () => {
    expect(validateSlider(1000, 'loan amount', 1000, 100000)).toBeNull();
    expect(validateSlider(100000, 'loan amount', 1000, 100000)).toBeNull();
    expect(validateSlider(999, 'loan amount', 1000, 100000)).toBe(
      'Must be between 1000 and 100000.',
    );
    expect(validateSlider(100001, 'loan amount', 1000, 100000, 'applicant')).toBe(
      'Must be between 1000 and 100000.',
    );
  });
});

describe('validateRadioGroup', () => {
  it('needs an option chosen', () => {
    expect(validateRadioGroup(null)).toBe('Please choose an option to continue.');
    expect(validateRadioGroup(undefined)).toBe('Please choose an option to continue.');
    expect(validateRadioGroup('')).toBe('Please choose an option to continue.');
    expect(validateRadioGroup('  ')).toBe('Please choose an option to continue.');
  });

  it('accepts any option, including No (false) and 0', () => {
    expect(validateRadioGroup(false)).toBeNull();
    expect(validateRadioGroup(true)).toBeNull();
    expect(validateRadioGroup(0)).toBeNull();
    expect(validateRadioGroup('Vehicle')).toBeNull();
  });
});
