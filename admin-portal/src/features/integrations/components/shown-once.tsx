import { useState } from 'react';
import { integrations as t } from '../strings';

/** A secret shown this once (a new API key or signing secret), with a Copy button and Done to hide it. */
export function ShownOnce({ label, value, warning, onDone }: { label: string; value: string; warning: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="alert alert-info shown-once" role="status">
      <p className="strong">{warning}</p>
      <label className="shown-once-label" htmlFor="shown-once-value">
        {label}
      </label>
      <div className="shown-once-row">
        <input id="shown-once-value" className="shown-once-value" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
          {copied ? t.keys.copied : t.keys.copy}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t.keys.done}
        </button>
      </div>
    </div>
  );
}
