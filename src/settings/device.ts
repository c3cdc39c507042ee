import { useEffect } from 'react';
import { updateSettings, type Device } from '../stores/settings';

/** Narrower windows are phones and small tablets: the sider becomes a drawer. */
const MOBILE_BELOW = 992;

function deviceFor(width: number): Device {
  return width < MOBILE_BELOW ? 'mobile' : 'desktop';
}

/** Keeps `device` and `hideMenu` in step with the window's width while the layout is shown. */
export function useDeviceWatch(): void {
  useEffect(() => {
    const follow = () => {
      const device = deviceFor(window.innerWidth);
      updateSettings({ device, hideMenu: device === 'mobile' });
    };
    follow();
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, []);
}
