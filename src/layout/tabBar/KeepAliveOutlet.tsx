import { Suspense, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ContextType, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useNavigate, useOutlet } from 'react-router';
import PageLoading from '../../components/PageLoading';
import { tabPath, useTabBar } from '../../stores/tabBar';

type LocationValue = ContextType<typeof LocationContext>;

/** A page kept mounted: its element and the location it last had on screen. */
interface KeptPage {
  element: ReactNode;
  location: LocationValue;
}

/**
 * The layout's outlet with the tab bar's page cache: the page of every cached tab stays mounted,
 * hidden, so its state, filters and scroll position survive switching tabs. A hidden page keeps seeing
 * the location it had (its own query), so pages that follow the URL leave it alone while another page
 * is on screen. `blocked` (the server-menu check loading or refusing) is shown instead of the page.
 */
export function KeepAliveOutlet({ blocked }: { blocked?: ReactNode }) {
  const outlet = useOutlet();
  const live = useContext(LocationContext);
  const navigate = useNavigate();
  const { tabs, cached } = useTabBar();
  const keptPaths = useMemo(() => new Set(tabs.filter((t) => cached.includes(t.name)).map(tabPath)), [tabs, cached]);
  const [pages, setPages] = useState<ReadonlyMap<string, KeptPage>>(new Map());

  const active = blocked ? undefined : live.location.pathname;
  const kept = active === undefined ? undefined : pages.get(active);
  // The page's bare path (a menu link) while its tab holds a query: the page goes on with the query it
  // has, and the address follows (below), instead of the page resetting its filters to the bare URL.
  const resume = kept !== undefined && keptPaths.has(active!) && live.location.search === '' && kept.location.location.search !== '';
  const shown = resume ? kept.location : live;

  const stale = [...pages.keys()].some((path) => path !== active && !keptPaths.has(path));
  if ((active !== undefined && kept?.location !== shown) || stale) {
    const next = new Map([...pages].filter(([path]) => path === active || keptPaths.has(path)));
    if (active !== undefined) next.set(active, { element: kept?.element ?? outlet, location: shown });
    setPages(next);
  }

  const resumeTo = resume ? kept.location.location.pathname + kept.location.location.search : undefined;
  useEffect(() => {
    if (resumeTo) navigate(resumeTo, { replace: true });
  }, [resumeTo, navigate]);

  usePageScroll(active, pages);

  return (
    <>
      {[...pages].map(([path, page]) => (
        <div key={path} className="app-page" style={path === active ? undefined : { display: 'none' }}>
          <LocationContext.Provider value={path === active ? shown : page.location}>
            <Suspense fallback={<PageLoading />}>{path === active ? outlet : page.element}</Suspense>
          </LocationContext.Provider>
        </div>
      ))}
      {blocked}
    </>
  );
}

/**
 * The window's scroll position per kept page, restored when the page comes back. Scroll events are
 * put down to the page shown when they are handled: the jump caused by hiding the previous page is
 * handled after the restore below, so it never overwrites the previous page's position.
 */
function usePageScroll(active: string | undefined, pages: ReadonlyMap<string, KeptPage>) {
  const positions = useRef(new Map<string, number>());
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    const remember = () => {
      if (shown.current !== undefined) positions.current.set(shown.current, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);
  useLayoutEffect(() => {
    shown.current = active;
    if (active !== undefined) window.scrollTo(0, positions.current.get(active) ?? 0);
  }, [active]);
  useEffect(() => {
    for (const path of positions.current.keys()) if (!pages.has(path)) positions.current.delete(path);
  }, [pages]);
}
