/** Helio's mark: an amber sun on the brand's teal. Decorative; the word "Helio" sits beside it. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <circle cx="16" cy="16" r="6" fill="#f59e0b" />
      <g stroke="#f59e0b" strokeWidth="2.4" strokeLinecap="round">
        <path d="M16 4.5v3M16 24.5v3M4.5 16h3M24.5 16h3M7.9 7.9l2.1 2.1M22 22l2.1 2.1M7.9 24.1l2.1-2.1M22 10l2.1-2.1" />
      </g>
    </svg>
  );
}

export function Brand({ showName = true }: { showName?: boolean }) {
  return (
    <span className="brand">
      <BrandLogo />
      {showName && <span className="brand-name">Helio</span>}
    </span>
  );
}
