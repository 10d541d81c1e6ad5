import { type RemoteName } from '@turno/contracts';
import { createContext } from 'react';

export interface RemoteAreaContextValue {
  name: RemoteName;
  /** How the area is called on screen (its fallback's title). */
  label: string;
  retry: () => void;
}

/** Lets the fallback module (returned by the runtime plugin) know which area it is in. */
export const RemoteAreaContext = createContext<RemoteAreaContextValue | null>(null);
