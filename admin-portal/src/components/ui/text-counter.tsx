import { en } from '@/i18n/en';

interface Props {
  /** `${control id}-count`, referenced by the control's aria-describedby. */
  id: string;
  length: number;
  max: number;
}

/**
 * "12 / 200" under a text field. Not a live region: screen readers read it with the field's
 * description when the field is focused, instead of interrupting every keystroke.
 */
export function TextCounter({ id, length, max }: Props) {
  const over = length > max;
  return (
    <p id={id} className={`field-count${over ? ' field-count-over' : ''}`}>
      <span aria-hidden="true">{en.content.count(length, max)}</span>
      <span className="visually-hidden">{en.content.countSpoken(length, max)}</span>
    </p>
  );
}
