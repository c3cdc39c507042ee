import { useEffect } from 'react';
import { Spin } from 'antd';
import { beginProgress, endProgress } from '../layout/progress';

/**
 * Shown while a page chunk or the user info loads: keeps the navigation progress bar running for as
 * long as it is mounted, and shows a spinner only when the wait gets noticeable.
 */
export default function PageLoading() {
  useEffect(() => {
    beginProgress();
    return endProgress;
  }, []);
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <Spin delay={300} />
    </div>
  );
}
