/** One of MUI's icons as a plain path, in the shell's style sheet (shellStyles: .fw-icon, 24 px; small, 20 px). */
export function ShellIcon({ d, small = false }: { d: string; small?: boolean }) {
  return (
    <svg className={small ? 'fw-icon fw-icon-small' : 'fw-icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}
