// What a reader typed into a server-drawn form before the page's script ran, kept so that hydration
// (or a fresh render that replaces the served HTML, see main.tsx) does not lose it.
//
// main.tsx calls watchEarlyInput(root) before it renders: it notes the values already in the served
// forms (typed while the script was on its way) and, until each form has mounted, what is typed next
// (hydration runs in slices: typing goes on meanwhile). A form marked `data-form="<key>"` starts from
// earlyValues(key) (its first render) and, once mounted, takes anything typed since with
// useEarlyInput(key, apply): controlled inputs re-render with '' otherwise, react-hook-form writes its
// default into the field when it registers it, and a fresh render starts from empty fields.
// Passwords are kept too, in this module's memory only (never in storage, a URL or page data).
import { useLayoutEffect, useRef } from 'react';

/** The data attribute naming a form whose fields are kept. */
export const FORM_KEY_ATTRIBUTE = 'data-form';

type Values = Record<string, string>;

const typed = new Map<string, Values>();
const mounted = new Set<string>();

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (el: Element | null): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/** The form key and the value of a field the reader changed, or null (no key, no name, a button). */
function entryOf(field: Field): { key: string; name: string; value: string | null } | null {
  const key = field.form?.getAttribute(FORM_KEY_ATTRIBUTE);
  if (!key || !field.name || mounted.has(key)) return null;
  if (field instanceof HTMLInputElement) {
    if (['hidden', 'submit', 'button', 'reset', 'image', 'file'].includes(field.type)) return null;
    // A radio button counts when it is the one checked; a checkbox says 'on' or ''.
    if (field.type === 'radio') return field.checked ? { key, name: field.name, value: field.value } : null;
    if (field.type === 'checkbox') return { key, name: field.name, value: field.checked ? field.value || 'on' : '' };
  }
  return { key, name: field.name, value: field.value };
}

function note(field: Field) {
  const entry = entryOf(field);
  if (!entry || entry.value === null) return;
  const values = typed.get(entry.key) ?? {};
  values[entry.name] = entry.value;
  typed.set(entry.key, values);
}

/** Whether a served field holds something other than what the server drew in it. */
function changedFromServed(field: Field): boolean {
  if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return Array.from(field.options).some((o) => o.selected !== o.defaultSelected);
  return field.value !== field.defaultValue;
}

let watching: HTMLElement | null = null;
const onInput = (event: Event) => {
  if (isField(event.target as Element)) note(event.target as Field);
};

/**
 * Notes what the reader has typed into the forms under `root` so far, and from now on until each form
 * has mounted. Called once, before the app renders (main.tsx).
 */
export function watchEarlyInput(root: HTMLElement): void {
  if (watching) return;
  watching = root;
  for (const form of Array.from(root.querySelectorAll(`form[${FORM_KEY_ATTRIBUTE}]`))) {
    for (const el of Array.from((form as HTMLFormElement).elements)) if (isField(el) && changedFromServed(el)) note(el);
  }
  root.addEventListener('input', onInput, true);
  root.addEventListener('change', onInput, true);
}

/** What was typed into the form `key` before it mounted (empty when nothing was). */
export function earlyValues(key: string): Values {
  return mounted.has(key) ? {} : { ...typed.get(key) };
}

/**
 * For a form marked data-form={key}: on mount, before the browser paints, `apply` gets what was typed
 * into the served form since its first render read earlyValues(key) (only fields whose value differs
 * from `current`'s); the form's fields are then no longer watched.
 */
export function useEarlyInput(key: string, current: () => Values, apply: (values: Values) => void): void {
  const latest = useRef({ current, apply });
  latest.current = { current, apply };
  useLayoutEffect(() => {
    const values = earlyValues(key);
    mounted.add(key);
    typed.delete(key);
    const now = latest.current.current();
    const changed = Object.fromEntries(Object.entries(values).filter(([name, value]) => now[name] !== value));
    if (Object.keys(changed).length > 0) latest.current.apply(changed);
  }, [key]);
}

/** Forgets everything (tests). */
export function resetEarlyInput(): void {
  typed.clear();
  mounted.clear();
  watching?.removeEventListener('input', onInput, true);
  watching?.removeEventListener('change', onInput, true);
  watching = null;
}
