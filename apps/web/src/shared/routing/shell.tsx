import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type Brand, MAIN_BRAND } from '../config/brand.ts';
import { inShell } from '../config/paths.ts';
import { type Session, useSession } from '../session/store.ts';
import type { AccessContext } from './types.ts';

/** Where the app is running: brand, demo shell, mobile-app wrapper. */
export interface Shell {
  brand: Brand;
  demo: boolean;
  app: boolean;
}

const Ctx = createContext<Shell>({ brand: MAIN_BRAND, demo: false, app: false });

export function ShellProvider({ value, children }: { value: Shell; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useShell = (): Shell => useContext(Ctx);

/** The access context of the routing rules for the current session and shell. */
export function accessContext(shell: Shell, session: Session | null): AccessContext {
  return { brand: shell.brand, demo: shell.demo, app: shell.app, session };
}

export function useAccessContext(): AccessContext {
  const shell = useShell();
  const session = useSession();
  return useMemo(() => accessContext(shell, session), [shell, session]);
}

/** Builds links for the current shell (under /demo in the demo shell). */
export function useShellPath(): (path: string) => string {
  const { demo } = useShell();
  return (path) => inShell(path, demo);
}
