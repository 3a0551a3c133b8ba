// A few line icons (24×24, stroke) drawn for this site; decorative, hidden from assistive tech.
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
} as const;

export type IconName = keyof typeof shapes;

export function Icon({ name, size = 28 }: { name: IconName; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {shapes[name]}
    </svg>
  );
}
