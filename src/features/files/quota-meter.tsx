/** Storage used against the account's quota, as a native <meter> with the numbers in words. */
import { useId } from 'react';
import { formatBytes } from '../../../sync/text/bytes';

export function QuotaMeter({ used, quota }: { used: number; quota: number }) {
  const id = useId();
  const percent = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 0;
  return (
    <div className="quota">
      <label htmlFor={id} className="quota-label">
        Storage: {formatBytes(used)} of {formatBytes(quota)} used ({percent}%)
      </label>
      <meter id={id} min={0} max={quota} low={quota * 0.75} high={quota * 0.9} optimum={0} value={used} />
    </div>
  );
}
