import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';

/**
 * The progress bar of every route change. trickleRate exists in nprogress 0.2 but is missing from its
 * type definitions. The template is nprogress's own without its made-up roles ("bar", "spinner"), which
 * are no ARIA roles, so the bar is found by its class; it is decoration (the page itself says when it is loading).
 */
const settings: Parameters<typeof NProgress.configure>[0] & { trickleRate: number } = {
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
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
