interface Props {
  label: string;
  /** Longer wording for a tooltip. */
  title?: string;
  pressed: boolean;
  onChange: (pressed: boolean) => void;
}

/** An on/off list filter ('Missing Hindi'): a toggle button, its state in aria-pressed. */
export function ToggleFilter({ label, title, pressed, onChange }: Props) {
  return (
    <button type="button" className={`toggle-filter${pressed ? ' active' : ''}`} aria-pressed={pressed} title={title} onClick={() => onChange(!pressed)}>
      {label}
    </button>
  );
}
