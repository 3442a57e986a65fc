import { FREE_DURATION_CHOICES, freeDurationLabel, PERPETUAL_YEARS, type TVocabulary } from '@rostrum/contract';
import { SelectField } from '../../components/select-field';

/** The choices, with the current value added when it is not one of them (a duration set elsewhere). */
function options(years: number) {
  const all = FREE_DURATION_CHOICES.includes(years) ? FREE_DURATION_CHOICES : [...FREE_DURATION_CHOICES, years].sort((a, b) => a - b);
  return all.map((y) => ({ value: String(y), label: freeDurationLabel(y) }));
}

/** What the chosen duration means for a speaker who joins. */
function freeDurationHint(years: number, vocab: TVocabulary): string {
  const speakers = vocab.Word('speakers');
  if (years <= 0) return `${speakers} who join cannot record until they are given access. Choose a duration so they can start at once.`;
  if (years >= PERPETUAL_YEARS) return `${speakers} who join can record with no time limit.`;
  return `${speakers} who join can record for ${freeDurationLabel(years)} from the day they join.`;
}

/** A group's free duration (000 sections 1 and 3, settings.freeDuration): free access for new speakers. */
export function FreeDurationField({
  vocab,
  years,
  onChange,
  className,
}: {
  vocab: TVocabulary;
  years: number;
  onChange: (years: number) => void;
  className?: string;
}) {
  return (
    <SelectField
      className={className}
      label="Free duration"
      value={String(years)}
      options={options(years)}
      onValueChange={(v) => onChange(Number(v))}
      hint={freeDurationHint(years, vocab)}
    />
  );
}
