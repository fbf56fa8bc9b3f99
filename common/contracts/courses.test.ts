import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { courseInfoSchema, courseListQuerySchema, rejectSchema } from './courses';

const VALID = {
  title: 'Algebra from scratch',
  description: 'Equations, step by step.',
  category: 'Mathematics',
  level: 'Beginner',
  language: 'English',
  price: 499,
  currency: 'INR',
  passingScore: 60,
};

const TWO_DECIMALS = 'Please use at most 2 decimal places';

/** Every [path, message] pair the schema reports for VALID with `patch` applied. */
function issuesOf(patch: Record<string, unknown>): Array<[string, string]> {
  const result = courseInfoSchema.safeParse({ ...VALID, ...patch });
  if (result.success) return [];
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

/** The messages reported for one field. */
function messagesFor(field: string, value: unknown): string[] {
  const input: Record<string, unknown> = { ...VALID, [field]: value };
  if (value === undefined) delete input[field];
  const result = courseInfoSchema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
}

describe('courseInfoSchema', () => {
  it('accepts a complete course and trims its texts', () => {
    const parsed = courseInfoSchema.parse({ ...VALID, title: '  Algebra  ', description: ' Steps ' });
    expect(parsed).toEqual({ ...VALID, title: 'Algebra', description: 'Steps' });
  });

  describe('title and description', () => {
    it.each(['title', 'description'])('%s: empty or missing → Please fill this field', (field) => {
      expect(messagesFor(field, '')).toEqual([MSG.required]);
      expect(messagesFor(field, undefined)).toEqual([MSG.required]);
      expect(messagesFor(field, null)).toEqual([MSG.required]);
    });

    it.each(['title', 'description'])('%s: spaces only → Only space not allowed', (field) => {
      expect(messagesFor(field, '   ')).toEqual([MSG.onlySpace]);
      expect(messagesFor(field, '\t \n')).toEqual([MSG.onlySpace]);
    });

    it('limits the title to 150 characters', () => {
      expect(messagesFor('title', 'a'.repeat(150))).toEqual([]);
      expect(messagesFor('title', 'a'.repeat(151))).toEqual(['Please use at most 150 characters']);
    });
  });

  describe('category, level, language and currency', () => {
    it.each(['category', 'level', 'language', 'currency'])(
      '%s: missing, empty or unknown → Please select an option',
      (field) => {
        for (const value of [undefined, '', 'Astrology', null, 3]) {
          expect(messagesFor(field, value), `${field}=${String(value)}`).toEqual([MSG.selectOption]);
        }
      },
    );

    it('accepts known currency codes only, exactly as written', () => {
      for (const currency of ['INR', 'USD', 'EUR', 'GBP'])
        expect(messagesFor('currency', currency)).toEqual([]);
      for (const currency of ['usd', 'XYZ', 'US$', 'INR ']) {
        expect(messagesFor('currency', currency), currency).toEqual([MSG.selectOption]);
      }
    });
  });

  describe('price', () => {
    it.each([
      ['', MSG.required],
      ['   ', MSG.required],
      [undefined, MSG.required],
      [null, MSG.required],
      ['abc', MSG.numberRange],
      ['12abc', MSG.numberRange],
      [-1, MSG.negative],
      ['-1', MSG.negative],
      [-0.01, MSG.negative],
      [10_000_000.01, MSG.max10Million],
      [10_000_001, MSG.max10Million],
      ['10000000.01', MSG.max10Million],
      [12.345, TWO_DECIMALS],
      ['0.001', TWO_DECIMALS],
    ])('%j → %s', (value, message) => {
      expect(messagesFor('price', value)).toEqual([message]);
    });

    it('accepts zero, two decimals and the maximum itself', () => {
      for (const price of [0, 0.5, 19.99, 9_999_999.99, 10_000_000]) {
        expect(courseInfoSchema.parse({ ...VALID, price }).price).toBe(price);
      }
    });

    it('accepts numeric strings and converts them to numbers', () => {
      expect(courseInfoSchema.parse({ ...VALID, price: '499' }).price).toBe(499);
      expect(courseInfoSchema.parse({ ...VALID, price: '19.99' }).price).toBe(19.99);
      expect(courseInfoSchema.parse({ ...VALID, price: ' 250 ' }).price).toBe(250);
      expect(courseInfoSchema.parse({ ...VALID, price: '10000000' }).price).toBe(10_000_000);
    });
  });

  describe('passingScore', () => {
    it.each([
      ['', MSG.required],
      [undefined, MSG.required],
      ['abc', MSG.numberRange],
      [-1, MSG.negative],
      [10_001, MSG.max10Thousand],
      ['10001', MSG.max10Thousand],
      [5.5, MSG.decimal],
      ['5.5', MSG.decimal],
    ])('%j → %s', (value, message) => {
      expect(messagesFor('passingScore', value)).toEqual([message]);
    });

    it('accepts zero up to 10,000 and converts numeric strings', () => {
      for (const passingScore of [0, 1, 60, 10_000]) {
        expect(courseInfoSchema.parse({ ...VALID, passingScore }).passingScore).toBe(passingScore);
      }
      expect(courseInfoSchema.parse({ ...VALID, passingScore: '75' }).passingScore).toBe(75);
    });
  });

  it('reports one message per field when everything is wrong', () => {
    const issues = issuesOf({
      title: '',
      description: '  ',
      category: '',
      level: undefined,
      language: 'Klingon',
      price: 'abc',
      currency: '',
      passingScore: 5.5,
    });
    expect(Object.fromEntries(issues)).toEqual({
      title: MSG.required,
      description: MSG.onlySpace,
      category: MSG.selectOption,
      level: MSG.selectOption,
      language: MSG.selectOption,
      price: MSG.numberRange,
      currency: MSG.selectOption,
      passingScore: MSG.decimal,
    });
    expect(issues).toHaveLength(8);
  });
});

describe('courseListQuerySchema', () => {
  it('defaults the page and page size and coerces numbers from the query string', () => {
    expect(courseListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 12 });
    expect(courseListQuerySchema.parse({ page: '3', pageSize: '5' })).toMatchObject({ page: 3, pageSize: 5 });
  });

  it('refuses unknown filters and statuses and page sizes over 50', () => {
    expect(courseListQuerySchema.safeParse({ filter: 'withCats' }).success).toBe(false);
    expect(courseListQuerySchema.safeParse({ status: 'LIVE' }).success).toBe(false);
    expect(courseListQuerySchema.safeParse({ pageSize: '51' }).success).toBe(false);
    expect(courseListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('rejectSchema', () => {
  it('requires a comment', () => {
    const messages = (input: unknown) => {
      const result = rejectSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({})).toEqual([MSG.required]);
    expect(messages({ comment: '' })).toEqual([MSG.required]);
    expect(messages({ comment: '   ' })).toEqual([MSG.onlySpace]);
    expect(rejectSchema.parse({ comment: ' Add captions ' })).toEqual({ comment: 'Add captions' });
  });
});
