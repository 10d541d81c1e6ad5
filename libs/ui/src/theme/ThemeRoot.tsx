import { useInsertionEffect, type HTMLAttributes } from 'react';
import { ensureGlobalStyles } from './styles';

export type ThemeRootProps = HTMLAttributes<HTMLDivElement> & {
  [dataAttribute: `data-${string}`]: string | undefined;
};

/**
 * Root of every Turno screen: injects the design system's stylesheet once per document and sets
 * the base typography. Remotes wrap their App in it too, so they also look right when opened alone.
 */
export function ThemeRoot({ className, children, ...rest }: ThemeRootProps) {
  useInsertionEffect(() => ensureGlobalStyles(), []);
  return (
    <div className={className ? `t-root ${className}` : 't-root'} {...rest}>
      {children}
    </div>
  );
}
