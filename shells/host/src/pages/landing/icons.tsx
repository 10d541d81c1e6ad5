import { type ReactNode } from 'react';

/** Line icons of the landing page (24×24, stroke in currentColor). */
function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
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
      {children}
    </svg>
  );
}

type IconProps = { size?: number };

export const CashRegisterIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="11" width="18" height="9" rx="2" />
    <path d="M7 11V5h8v6" />
    <path d="M10 8h2" />
    <path d="M7 15h2M11 15h2M15 15h2" />
  </Icon>
);
export const BagIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 8h14l-1.2 12H6.2z" />
    <path d="M9 8V6.5a3 3 0 0 1 6 0V8" />
  </Icon>
);
export const StoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 9.5 5 4h14l1.5 5.5" />
    <path d="M3.5 9.5a2.8 2.8 0 0 0 5.7 0 2.8 2.8 0 0 0 5.6 0 2.8 2.8 0 0 0 5.7 0" />
    <path d="M5 12v8h14v-8" />
    <path d="M10 20v-4.5h4V20" />
  </Icon>
);
export const SprayIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M8 11h6l1 9H7z" />
    <path d="M9 11V7h4v4" />
    <path d="M13 7h2.5l1.5 1.5" />
    <path d="M19 5.5h1M18.5 8h1.5M19 10.5h1" />
  </Icon>
);
export const BoxesIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="12.5" width="8" height="7.5" rx="1" />
    <rect x="13" y="12.5" width="8" height="7.5" rx="1" />
    <rect x="8" y="4" width="8" height="7.5" rx="1" />
    <path d="M7 12.5v2.5M17 12.5v2.5M12 4v2.5" />
  </Icon>
);
export const CleaverIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 5h11v8H5a2 2 0 0 1-2-2z" />
    <circle cx="6.5" cy="8.5" r="1" />
    <path d="M14 8.5h2.5l4 4-1.8 1.8-4-4" />
  </Icon>
);
export const BreadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 19v-7.2A4 4 0 0 1 7 5h10a4 4 0 0 1 2 6.8V19z" />
    <path d="M9 9.5 8 12M12.5 9.5l-1 2.5M16 9.5 15 12" />
  </Icon>
);
export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3.2 2" />
  </Icon>
);
export const PinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21s-7-6-7-11.5a7 7 0 0 1 14 0C19 15 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);
export const ShieldIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3 20 6v6c0 4.8-3.4 8-8 9-4.6-1-8-4.2-8-9V6z" />
    <path d="m8.5 12 2.5 2.5 4.5-5" />
  </Icon>
);
export const TagIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 12V4h8l9 9-8 8z" />
    <circle cx="7.5" cy="8" r="1.3" />
  </Icon>
);
export const StarIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
  </Icon>
);
export const CheckCircleIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.7 2.7L16 9.8" />
  </Icon>
);
export const ReceiptIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </Icon>
);
export const PhoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
  </Icon>
);
export const MailIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 6 8.5 7 8.5-7" />
  </Icon>
);
export const AlertTriangleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5 2.5 20h19z" />
    <path d="M12 10v4.5M12 17.5v.01" />
  </Icon>
);
