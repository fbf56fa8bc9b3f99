import { FORM_INDEX } from '@mantine/form';
import { describe, expect, it, vi } from 'vitest';
import { commitValidation, listPath } from './forms';

/** A stand-in for the parts of Mantine's form the blur handling reads. */
function fakeForm(dirty: Record<string, boolean>, errors: Record<string, string> = {}) {
  return { errors, getDirty: () => dirty, validateField: vi.fn() };
}

/**
 * getInputProps as Mantine builds it: its own handlers in a payload, into which it merges what
 * enhanceGetInputProps answers (the same object is passed in and assigned to).
 */
function inputPropsOf(
  options: ReturnType<typeof commitValidation>,
  field: string,
  form: ReturnType<typeof fakeForm>,
) {
  const own = { onChange: vi.fn(), onBlur: vi.fn() };
  const payload: Record<string, unknown> = { ...own };
  Object.assign(payload, options.enhanceGetInputProps({ inputProps: payload as typeof own, field, form }));
  return {
    own,
    blur: (event?: unknown) => (payload.onBlur as (event: unknown) => void)(event),
    change: (value: unknown) => (payload.onChange as (value: unknown) => void)(value),
  };
}

// Mantine's own rule (validate/should-validate-on-change): a changed path, its indexes as FORM_INDEX.
const mantineMatches = (choices: false | string[], path: string) =>
  Array.isArray(choices) && choices.includes(path.replace(/[.][0-9]+/g, `.${FORM_INDEX}`));

describe('commitValidation', () => {
  it('never validates a typed field on input, and clears its message as it is edited', () => {
    const options = commitValidation();
    expect(options.validateInputOnChange).toBe(false);
    expect(options.clearInputErrorOnChange).toBe(true);
    // Blur is its own (below), so Mantine's, which checks untouched fields too, stays off.
    expect(options.validateInputOnBlur).toBe(false);
  });

  it('validates the named choice inputs as soon as they change, list items included', () => {
    const { validateInputOnChange } = commitValidation([
      'userType',
      'options.*.correct',
      'prices.0.currency',
    ]);
    expect(mantineMatches(validateInputOnChange, 'userType')).toBe(true);
    expect(mantineMatches(validateInputOnChange, 'options.3.correct')).toBe(true);
    expect(mantineMatches(validateInputOnChange, 'prices.12.currency')).toBe(true);
    expect(mantineMatches(validateInputOnChange, 'fullName')).toBe(false);
    expect(mantineMatches(validateInputOnChange, 'options.3.text')).toBe(false);
  });

  it('checks a field on blur once the user has edited it', () => {
    const form = fakeForm({ email: true });
    const input = inputPropsOf(commitValidation(), 'email', form);
    input.blur('blur event');
    expect(input.own.onBlur).toHaveBeenCalledWith('blur event');
    expect(form.validateField).toHaveBeenCalledWith('email');
  });

  // Its message would move the page under the button being clicked (Cancel, say); submit still checks it.
  it('leaves a field alone on blur when it was only tabbed through', () => {
    const form = fakeForm({});
    const input = inputPropsOf(commitValidation(), 'email', form);
    input.blur('blur event');
    expect(input.own.onBlur).toHaveBeenCalled();
    expect(form.validateField).not.toHaveBeenCalled();
  });

  it('counts a field edited back to its first value as edited (the required message is due)', () => {
    const form = fakeForm({ fullName: false });
    inputPropsOf(commitValidation(), 'fullName', form).blur();
    expect(form.validateField).toHaveBeenCalledWith('fullName');
  });

  it('checks dependent fields again on a commit elsewhere, once edited or while they show a message', () => {
    const form = fakeForm({ password: true, confirmPassword: true }, { windowEnd: 'The end must be after' });
    const options = commitValidation([], ['confirmPassword', 'windowEnd', 'untouched']);
    inputPropsOf(options, 'password', form).blur();
    expect(form.validateField.mock.calls.map(([path]) => path)).toEqual([
      'password',
      'confirmPassword',
      'windowEnd',
    ]);
  });

  it('checks dependent fields again when a choice changes', () => {
    const form = fakeForm({ negativeMarks: true });
    const options = commitValidation(['videoId'], ['negativeMarks']);
    const video = inputPropsOf(options, 'videoId', form);
    video.change('video-1');
    expect(video.own.onChange).toHaveBeenCalledWith('video-1');
    expect(form.validateField).toHaveBeenCalledWith('negativeMarks');
    // A typed field's onChange stays Mantine's own: nothing is checked while typing.
    form.validateField.mockClear();
    const marks = inputPropsOf(options, 'marks', form);
    marks.change('2');
    expect(marks.own.onChange).toHaveBeenCalledWith('2');
    expect(form.validateField).not.toHaveBeenCalled();
  });
});

describe('listPath', () => {
  it('writes any list position the way Mantine compares paths', () => {
    expect(listPath('items.*.question')).toBe(`items.${FORM_INDEX}.question`);
    expect(listPath('items.7.answer')).toBe(`items.${FORM_INDEX}.answer`);
    expect(listPath('targets.high.firstResponseHours')).toBe('targets.high.firstResponseHours');
    expect(listPath('options.*')).toBe(`options.${FORM_INDEX}`);
  });
});
