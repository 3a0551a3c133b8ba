import { useEffect, useState } from 'react';

interface Props {
  id: string;
  label: string;
  placeholder?: string;
  value: string;
  onSearch: (value: string) => void;
  /** Milliseconds to wait after typing stops. */
  delay?: number;
}

/** A search input that reports its value after typing settles. */
export function SearchBox({ id, label, placeholder, value, onSearch, delay = 300 }: Props) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onSearch(text), delay);
    return () => clearTimeout(t);
  }, [text, value, delay, onSearch]);
  return (
    <div className="search-box">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" value={text} placeholder={placeholder} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}
