import { useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  active: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list, e.g. "Seções do painel". */
  label: string;
  /** Content of the active tab. */
  children?: ReactNode;
  /**
   * Each tab's URL, when the tabs have one: the tabs are then links (open in a new tab, copy the
   * address), and a plain click still calls `onChange` (which navigates) without reloading.
   */
  hrefOf?: (id: string) => string;
}

/** A plain left click, which the page handles itself (not one that opens a new tab or window). */
function plainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between enabled tabs. */
export function Tabs({ tabs, active, onChange, label, children, hrefOf }: TabsProps) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const enabled = tabs.filter((t) => !t.disabled);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = enabled.findIndex((t) => t.id === active);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: enabled.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined || enabled.length === 0) return;
    event.preventDefault();
    const next = enabled[(target + enabled.length) % enabled.length]!;
    onChange(next.id);
    listRef.current?.querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(next.id)}"]`)?.focus();
  }

  return (
    <div>
      <div className="t-tabs" role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === active;
          const common = {
            role: 'tab',
            className: 't-tab',
            id: `${baseId}-tab-${tab.id}`,
            'data-tab-id': tab.id,
            'aria-selected': selected,
            'aria-controls': `${baseId}-panel`,
            tabIndex: selected ? 0 : -1,
          } as const;
          if (hrefOf && !tab.disabled)
            return (
              <a
                key={tab.id}
                {...common}
                href={hrefOf(tab.id)}
                onClick={(event) => {
                  if (!plainClick(event)) return;
                  event.preventDefault();
                  onChange(tab.id);
                }}
              >
                {tab.label}
              </a>
            );
          return (
            <button
              key={tab.id}
              type="button"
              {...common}
              disabled={tab.disabled}
              onClick={() => onChange(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        className="t-tabpanel"
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${active}`}
      >
        {children}
      </div>
    </div>
  );
}
