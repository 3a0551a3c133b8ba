// A few line icons (24×24, stroke) drawn for this site; decorative, hidden from assistive tech.
// The small ones (arrows, chevrons, check, play, pause) stand in for text symbols (▾ ← → ✓ ► ❚❚):
// the system UI font has none of those, and looking for a font that does walks the whole font stack
// and then the system's fallback fonts in the page's first layout (about 20 ms before any script on
// this machine, eight times that on a low-end phone).
const shapes = {
  cap: (
    <>
      <path d="M2 9l10-5 10 5-10 5z" />
      <path d="M6 11v5c3 2.5 9 2.5 12 0v-5" />
      <path d="M22 9v6" />
    </>
  ),
  book: (
    <>
      <path d="M3 5c3-1.5 6-1.5 9 .5v14c-3-2-6-2-9-.5z" />
      <path d="M21 5c-3-1.5-6-1.5-9 .5v14c3-2 6-2 9-.5z" />
    </>
  ),
  pencil: (
    <>
      <path d="M4 20l1-5L16 4l4 4L9 19z" />
      <path d="M14 6l4 4" />
      <path d="M4 20l5-1" />
    </>
  ),
  hands: (
    <>
      <path d="M3 12l4-4 4 2 3-3 3 1 4 4" />
      <path d="M7 8l-1 6 4 4h4l5-5" />
      <path d="M11 14l2 2" />
    </>
  ),
  heart: <path d="M12 20s-7-4.4-8.5-9A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8.5 4c-1.5 4.6-8.5 9-8.5 9z" />,
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18" />
      <path d="M8 3v4" />
      <path d="M16 3v4" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1-4.5 4.5-7 8-7s7 2.5 8 7" />
    </>
  ),
  'chevron-down': <path d="M6 9l6 6 6-6" />,
  'chevron-left': <path d="M15 5l-7 7 7 7" />,
  'chevron-right': <path d="M9 5l7 7-7 7" />,
  'arrow-left': (
    <>
      <path d="M20 12H5" />
      <path d="M11 6l-6 6 6 6" />
    </>
  ),
  'arrow-right': (
    <>
      <path d="M4 12h15" />
      <path d="M13 6l6 6-6 6" />
    </>
  ),
  check: <path d="M4 12.5l5 5L20 6.5" />,
  play: <path d="M7 4.5l13 7.5-13 7.5z" fill="currentColor" />,
  pause: (
    <>
      <path d="M8 5v14" />
      <path d="M16 5v14" />
    </>
  ),
} as const;

export type IconName = keyof typeof shapes;

/** `size` in pixels, or a CSS length such as '1em' for an icon set in a line of text. */
export function Icon({ name, size = 28, strokeWidth = 1.8 }: { name: IconName; size?: number | string; strokeWidth?: number }) {
  return (
    <svg
      className="icon"
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {shapes[name]}
    </svg>
  );
}
