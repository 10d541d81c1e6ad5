import type { ReactNode } from 'react';
import { Button } from './Button';
import { Card } from './Card';

export interface ExpandableCardProps {
  /** The wrapper's test id (the e2e and unit tests find the card by it). */
  testId: string;
  /** The details' element id, named by the toggle's aria-controls. */
  detailsId: string;
  title: string;
  titleAs?: 'h2' | 'h3';
  /** The line shown closed and open. */
  intro: ReactNode;
  open: boolean;
  onToggle: () => void;
  openLabel: string;
  closeLabel: string;
  /** What the open card shows below the intro (the card decides what to show while closed). */
  children: ReactNode;
}

/**
 * A Perfil card that opens on demand ("Privacidade", "Notificações"): its title, an open/close
 * button in the header, an intro always shown, and the details below it.
 */
export function ExpandableCard({
  testId,
  detailsId,
  title,
  titleAs,
  intro,
  open,
  onToggle,
  openLabel,
  closeLabel,
  children,
}: ExpandableCardProps) {
  return (
    <div data-testid={testId}>
      <Card
        title={title}
        titleAs={titleAs}
        actions={
          <Button variant="secondary" aria-expanded={open} aria-controls={detailsId} onClick={onToggle}>
            {open ? closeLabel : openLabel}
          </Button>
        }
      >
        <div className="t-stack" style={{ gap: 12 }} id={detailsId}>
          <p className="t-muted" style={{ margin: 0 }}>
            {intro}
          </p>
          {children}
        </div>
      </Card>
    </div>
  );
}
