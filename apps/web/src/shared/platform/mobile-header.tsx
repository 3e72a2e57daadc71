import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

/** The mobile-app header's title, set by each page (spec 000 §4, "mobile header state is set by each page"). */
interface MobileHeaderState {
  title: string;
  setTitle: (t: string) => void;
}

const Ctx = createContext<MobileHeaderState>({ title: '', setTitle: () => {} });

export function MobileHeaderProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState('');
  return <Ctx.Provider value={{ title, setTitle }}>{children}</Ctx.Provider>;
}

export const useMobileHeaderTitle = (): string => useContext(Ctx).title;

/** A page announces its title: the mobile header shows it, and the document title follows. */
export function usePageTitle(title: string, brandName: string): void {
  const { setTitle } = useContext(Ctx);
  useEffect(() => {
    setTitle(title);
    document.title = title ? `${title} · ${brandName}` : brandName;
  }, [title, brandName, setTitle]);
}
