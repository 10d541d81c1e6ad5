import { type CSSProperties, type ReactNode } from 'react';
import { LOADING_LABEL } from './Loading';

export interface SkeletonProps {
  /** The height the loaded content will have, so nothing below moves when it arrives. */
  height?: CSSProperties['height'];
  /** What is loading, for screen readers ("Carregando..." by default). */
  label?: string;
  /** The loaded layout drawn with placeholder values (same height at every width). */
  children?: ReactNode;
}

/**
 * A placeholder of the final size while an area loads (layout stability: CLS < 0.1). Either a block
 * of `height`, or `children` — the real layout with "—" for the values — shown faded, or (neither)
 * no box at all, where a visible "Carregando..." would push the content down and then up; screen
 * readers hear only the label.
 */
export function Skeleton({ height, label = LOADING_LABEL, children }: SkeletonProps) {
  // Nothing to draw: only the status, out of the layout (no gap of a stack either).
  if (height === undefined && !children)
    return (
      <span className="t-skeleton t-visually-hidden" role="status">
        {label}
      </span>
    );
  return (
    <div className="t-skeleton" style={height === undefined ? undefined : { minHeight: height }}>
      <span className="t-visually-hidden" role="status">
        {label}
      </span>
      {children && <div aria-hidden="true">{children}</div>}
    </div>
  );
}
