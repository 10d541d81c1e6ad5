/** The Turno mark: a clock face in the brand's teal, the shift that fits your day. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--t-color-primary)" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.6" />
      <path
        d="M16 10.5V16l3.8 2.6"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24.5" cy="7.5" r="3.2" fill="#fbbf24" stroke="var(--t-color-primary)" strokeWidth="1.6" />
    </svg>
  );
}
