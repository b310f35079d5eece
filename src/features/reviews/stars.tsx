/** Stars for showing a rating, and a five-radio group for choosing one. */
import { useId } from 'react';
import { ratingLabel } from './reviews-model';

export function Stars({ rating }: { rating: number }) {
  // Rounded to the half star the eye can see; the label carries the exact value.
  const filled = Math.round(rating * 2) / 2;
  return (
    <span className="stars" role="img" aria-label={ratingLabel(rating)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= filled ? 'star star-full' : n - 0.5 === filled ? 'star star-half' : 'star'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** Radios under the hood: arrow keys move between stars, and the field error is announced. */
export function StarInput({ value, onChange, error, disabled }: { value: number; onChange: (rating: number) => void; error?: string; disabled?: boolean }) {
  const name = useId();
  return (
    <fieldset className={`field star-input${error ? ' field-invalid' : ''}`} disabled={disabled}>
      <legend>Your rating</legend>
      <div
        className="star-input-options"
        role="radiogroup"
        aria-label="Your rating"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= value ? 'star-option star-option-on' : 'star-option'}>
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="visually-hidden" />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
