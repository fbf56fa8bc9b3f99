import { useEffect } from 'react';

/**
 * What a visitor typed into a page the server drew while its scripts were arriving (decision 071). Loaded only to
 * hydrate such a page, beside its route's chunks.
 */

/** What a visitor typed into a drawn page before React took it over (hydration sets fields to their state). */
interface Typed {
  field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  value: string;
  checked: boolean;
}

const isToggle = (field: Typed['field']) =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Every field of the drawn page whose value or check the visitor changed. */
export function typedFields(container: HTMLElement): Typed[] {
  const fields = container.querySelectorAll<Typed['field']>('input, textarea, select');
  const typed: Typed[] = [];
  for (const field of fields) {
    const changed = isToggle(field)
      ? (field as HTMLInputElement).checked !== (field as HTMLInputElement).defaultChecked
      : field instanceof HTMLSelectElement
        ? [...field.options].some((option) => option.selected !== option.defaultSelected)
        : field.value !== (field as HTMLInputElement).defaultValue;
    if (changed)
      typed.push({
        field,
        value: field.value,
        checked: isToggle(field) && (field as HTMLInputElement).checked,
      });
  }
  return typed;
}

/** Sets a field's property past React's own tracking of it (the element's prototype setter). */
function setNatively(field: Typed['field'], property: 'value' | 'checked', value: string | boolean): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set?.call(field, value);
}

/**
 * Gives React what was typed, as if typed now. Hydration keeps the typed text on screen and takes it for the
 * field's last known value, but the form's state does not hold it, so the next render would empty the field.
 * Each field is first set to something else through React's own tracking (the element's setter, which React
 * wraps), then to the typed value past it, and told through the event React listens to: React sees a change.
 */
export function replayTyped(typed: Typed[]): void {
  for (const { field, value, checked } of typed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && isToggle(field)) {
      field.checked = !checked;
      // The click sets it back to the visitor's, and React reads check boxes by their clicks.
      field.click();
      continue;
    }
    field.value = value === '' ? ' ' : '';
    setNatively(field, 'value', value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
}

/** Runs when the tree it is in has been committed (for a drawn page: once React has taken it over); `run` is made once. */
export function AfterTakeOver({ run }: { run: () => void }): null {
  useEffect(run, [run]);
  return null;
}
