import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';

// The progress bar of every route change. trickleRate exists in nprogress 0.2 but is missing from its type definitions.
const settings: Parameters<typeof NProgress.configure>[0] & { trickleRate: number } = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
};
NProgress.configure(settings);

/**
 * Several things may be loading for one navigation (the guard's user-info call, a page chunk); the
 * bar finishes when the last of them ends.
 */
let pending = 0;

export function beginProgress(): void {
  if (pending++ === 0) NProgress.start();
}

export function endProgress(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}
