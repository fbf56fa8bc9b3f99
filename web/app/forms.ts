import { FORM_INDEX } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { inInterfaceLanguage } from './i18n';

/**
 * Turns a shared zod schema into a Mantine form validator, so the form shows exactly the messages the
 * server would answer with. The first message per field wins.
 */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      // The shared schemas speak the spec's English; the form shows it in the reader's language.
      if (key && !(key in errors)) errors[key] = inInterfaceLanguage(issue.message);
    }
    return errors;
  };
}

/** Field errors from a server answer, for form.setErrors(). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

/**
 * SPEC §5: "Form validation runs on change, not on input". A field is checked when its value is
 * *committed*, never on each keystroke, the way the browser's own `change` event works:
 * - a typed field when it loses focus, if the user has edited it (a field only tabbed through is not
 *   flagged: its message would shift the page under the button being clicked, e.g. Cancel);
 * - a choice input (Select, SegmentedControl, Checkbox, Radio, Switch, TagsInput, date or file picker) as
 *   soon as the choice changes;
 * - every field on submit (Mantine's onSubmit always validates the whole form).
 * Mantine's default `clearInputErrorOnChange` takes a field's message away the moment the user edits it,
 * so nobody is told off mid-word; the message comes back, if still due, on the next blur.
 *
 * This is the one way to do it. Spread it into every `useForm`:
 *   useForm({ ..., validate: zodValidate(schema), ...commitValidation(['userType', 'terms']) })
 * - `choicePaths` names the choice inputs. A list item's position is written `*` (or any index), e.g.
 *   `options.*.correct`: Mantine compares list paths with FORM_INDEX in place of the number. A native
 *   `datetime-local` or a NumberInput is typed piece by piece, so it counts as a typed field.
 * - `recheck` names fields whose message depends on other fields (a confirmation that must match, an end
 *   after a start). Once edited, or while they show a message, they are checked again whenever another
 *   field is committed, so fixing the other field clears a stale message.
 * A component that replaces getInputProps' onBlur must call the one it replaces (see options-editor.tsx).
 * Forms that keep their own error state follow the same rule by hand: set the message on blur (after an
 * edit) or on a choice, and on submit; clear it on edit.
 */
export function commitValidation(
  choicePaths: readonly string[] = [],
  recheck: readonly string[] = [],
): CommitValidation {
  const choices = choicePaths.map(listPath);
  return {
    // Blur is handled below, to skip fields the user has not edited; Mantine's own would check them too.
    validateInputOnBlur: false,
    validateInputOnChange: choices.length > 0 ? choices : false,
    clearInputErrorOnChange: true,
    enhanceGetInputProps: ({ inputProps, field, form }) => {
      // Mantine merges what this returns into inputProps itself: keep its own handlers to call them.
      const { onBlur, onChange } = inputProps;
      // Every path setFieldValue has written since the form was loaded (or last saved): edited by the user.
      const edited = (path: string) => path in form.getDirty();
      const again = () => {
        for (const path of recheck) {
          if (path !== field && (edited(path) || path in form.errors)) form.validateField(path);
        }
      };
      const enhanced: Record<string, unknown> = {
        onBlur: (event: unknown) => {
          onBlur?.(event);
          if (edited(field)) form.validateField(field);
          again();
        },
      };
      if (recheck.length > 0 && choices.includes(listPath(field))) {
        enhanced.onChange = (value: unknown) => {
          onChange(value);
          again();
        };
      }
      return enhanced;
    },
  };
}

/** What `commitValidation` gives `useForm`. */
export interface CommitValidation {
  validateInputOnBlur: false;
  validateInputOnChange: false | string[];
  clearInputErrorOnChange: true;
  enhanceGetInputProps: (payload: {
    inputProps: { onChange: (value: unknown) => void; onBlur?: (event: unknown) => void };
    field: string;
    form: {
      errors: Record<string, unknown>;
      getDirty: () => Record<string, boolean>;
      validateField: (path: string) => unknown;
    };
  }) => Record<string, unknown>;
}

/** `items.*.answer` or `items.2.answer` → `items.<FORM_INDEX>.answer`, the form Mantine compares paths in. */
export function listPath(path: string): string {
  return path.replace(/\.(?:\d+|\*)(?=\.|$)/g, `.${FORM_INDEX}`);
}
