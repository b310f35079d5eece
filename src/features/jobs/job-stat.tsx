/** One number of the queue and image pages, with its label; `alert` marks one that needs a look. */
export function Stat({ value, label, hint, alert }: { value: number | string; label: string; hint?: string; alert?: boolean }) {
  return (
    <div className={`admin-stat jobs-stat${alert ? ' jobs-stat-alert' : ''}`}>
      <span className="admin-stat-value">{value}</span>
      <span className="admin-stat-label">{label}</span>
      {hint && <span className="admin-stat-hint">{hint}</span>}
    </div>
  );
}
