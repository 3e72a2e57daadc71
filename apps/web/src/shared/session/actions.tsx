import type { LoginResult } from '@vigil/contracts';
import { createContext, type ReactNode, useContext } from 'react';

/** What screens may do to the session; the app provides the session lifecycle behind it. */
export interface SessionActions {
  /** `remember` is "keep me signed in" (default true); false keeps the login in this tab only. */
  signedIn: (result: LoginResult, remember?: boolean) => void;
  signOut: () => Promise<void>;
  /**
   * "Add organisation" and "update own organisation" (spec 000 §4): takes the organisations of a fresh account
   * info from the server, after accepting an invitation or changing the own account.
   */
  refreshAccount: () => Promise<void>;
}

const Ctx = createContext<SessionActions | null>(null);

export function SessionActionsProvider({ value, children }: { value: SessionActions; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSessionActions(): SessionActions {
  const v = useContext(Ctx);
  if (!v) throw new Error('useSessionActions outside SessionActionsProvider');
  return v;
}
