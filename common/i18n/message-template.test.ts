import { describe, expect, it } from 'vitest';
import { formatMessage } from './catalog';
import { fill, isTemplate, TemplateReader, templateMessage } from './message-template';

describe('message templates (decision 070)', () => {
  it('fills slots in English and leaves a slot without a value as it is', () => {
    expect(fill('Please use at most {max} characters', { max: 150 })).toBe(
      'Please use at most 150 characters',
    );
    expect(fill('{a} and {b}', { a: 'x' })).toBe('x and {b}');
  });

  it('tells a template from plain text and from ICU syntax it cannot read back', () => {
    expect(isTemplate('Please add a {period} price')).toBe(true);
    expect(isTemplate('Reply sent')).toBe(false);
    expect(isTemplate('{count, plural, one {# file} other {# files}}')).toBe(false);
    expect(isTemplate('<b>{name}</b> joined')).toBe(false);
  });

  it('builds a syntax tree that formats like the parsed message, without the parser', () => {
    const tree = templateMessage('There is already a {period} price in {currency}');
    const values = { period: 'monthly', currency: 'INR' };
    expect(formatMessage({ k: tree }, 'en', 'k', values)).toBe('There is already a monthly price in INR');
    expect(formatMessage({ k: templateMessage('{a}{b} done') }, 'en', 'k', { a: 1, b: 2 })).toBe('12 done');
  });

  it('reads a filled text back to its key and values, the first template winning', () => {
    const reader = new TemplateReader();
    reader.add('plan.duplicate', 'There is already a {period} price in {currency}');
    reader.add('plan.base', 'Please add a {period} price in the base currency ({currency})');
    reader.add('plan.other', 'There is already a {what}');
    expect(reader.read('There is already a yearly price in US$ (.*)')).toEqual({
      key: 'plan.duplicate',
      values: { period: 'yearly', currency: 'US$ (.*)' },
    });
    expect(reader.read('Please add a monthly price in the base currency (INR)')?.values).toEqual({
      period: 'monthly',
      currency: 'INR',
    });
    expect(reader.read('Please add a price')).toBeUndefined();
  });

  it('never reads back a template that is mostly slots, which would claim any text', () => {
    const reader = new TemplateReader();
    reader.add('list', '{rest} and {last}');
    expect(reader.read('salt and pepper')).toBeUndefined();
  });
});
