import { useState } from 'react';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/**
 * A person's photo, or their initials when there is none or it cannot be loaded. Decorative: the
 * name is always written beside it.
 */
export function Avatar({
  name,
  photoUrl,
  small = false,
}: {
  name: string;
  photoUrl: string | null;
  small?: boolean;
}) {
  const [broken, setBroken] = useState(false);
  const className = small ? 'r-avatar r-avatar--small' : 'r-avatar';
  if (photoUrl && !broken) {
    return <img className={className} src={photoUrl} alt="" loading="lazy" onError={() => setBroken(true)} />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
