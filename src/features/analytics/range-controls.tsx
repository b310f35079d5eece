/** The presets as links (the range lives in the URL), a custom range form, and the comparison switch. */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dayCount, isDay, MAX_RANGE_DAYS, PRESET_LABELS, PRESETS } from '../../../sync/analytics/days';
import { Button, Checkbox, TextField } from '../../ui';
import type { ChosenRange } from './range';

export function RangeControls({ range, compare }: { range: ChosenRange; compare: boolean }) {
  const [search, setSearch] = useSearchParams();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const withCompare = (params: Record<string, string>) => new URLSearchParams({ ...params, ...(compare ? {} : { compare: '0' }) }).toString();

  function apply(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!isDay(from)) next.from = 'Choose the first day.';
    if (!isDay(to)) next.to = 'Choose the last day.';
    if (!next.from && !next.to && from > to) next.to = 'The range must end on or after its first day.';
    if (!next.from && !next.to && from <= to && dayCount({ from, to }) > MAX_RANGE_DAYS) next.from = `Choose at most ${MAX_RANGE_DAYS} days.`;
    setErrors(next);
    if (!next.from && !next.to) setSearch(withCompare({ from, to }));
  }

  return (
    <div className="analytics-controls">
      <nav aria-label="Date range">
        <ul className="analytics-presets">
          {PRESETS.map((p) => (
            <li key={p}>
              <Link
                className={`btn btn-sm ${range.preset === p ? 'btn-primary' : 'btn-secondary'}`}
                to={`?${withCompare({ range: p })}`}
                aria-current={range.preset === p ? 'page' : undefined}
              >
                {PRESET_LABELS[p]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form className="analytics-custom" onSubmit={apply} noValidate aria-label="Custom range">
        <TextField label="From" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} error={errors.from} />
        <TextField label="To" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} error={errors.to} />
        <Button type="submit" variant="secondary">
          Show range
        </Button>
      </form>
      <Checkbox
        label="Compare with the previous period"
        checked={compare}
        onChange={(e) => {
          const next = new URLSearchParams(search);
          if (e.target.checked) next.delete('compare');
          else next.set('compare', '0');
          setSearch(next);
        }}
      />
    </div>
  );
}
