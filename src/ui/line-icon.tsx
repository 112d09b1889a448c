/**
 * A decorative stroked icon on a 24-unit grid, in the text colour: whatever it sits in names it for
 * assistive technology, so it is hidden from it.
 */
export function LineIcon({
  path,
  size = 24,
  className,
}: {
  path: string;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
