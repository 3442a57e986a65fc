import { FREE_DURATION_CHOICES, freeDurationLabel, PERPETUAL_YEARS, type TVocabulary } from '@rostrum/contract';
import { SelectField } from '../../components/select-field';

/** The choices, with the current value added when it is not one of them (a duration set elsewhere). */
function options(years: number) {
  const all = FREE_DURATION_CHOICES.includes(years) ? FREE_DURATION_CHOICES : [...FREE_DURATION_CHOICES, years].sort((a, b) => a - b);
  return all.map((y) => ({ value: String(y), label: freeDurationLabel(y) }));
}

/** What the chosen duration means for a speaker who joins; with no free access, how they get access where plans are sold. */
export function freeDurationHint(years: number, vocab: TVocabulary, plansSold: boolean): string {
  const speakers = vocab.Word('speakers');
  if (years <= 0 && plansSold) {
    return `No free access: ${vocab.word('speakers')} who join pay before they start. They buy one of your plans, or enter a prepaid code, on the Subscription page; until then they cannot record.`;
  }
  if (years <= 0) return `${speakers} who join cannot record until they are given access. Choose a duration so they can start at once.`;
  if (years >= PERPETUAL_YEARS) return `${speakers} who join can record with no time limit.`;
  return `${speakers} who join can record for ${freeDurationLabel(years)} from the day they join.`;
}

/** A group's free duration (000 sections 1 and 3, settings.freeDuration): free access for new speakers. */
export function FreeDurationField({
  vocab,
  years,
  plansSold = false,
  onChange,
  className,
}: {
  vocab: TVocabulary;
  years: number;
  /** The organisation offers plans on the Subscription page (the admin's form knows; Manage's does not ask). */
  plansSold?: boolean;
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
      hint={freeDurationHint(years, vocab, plansSold)}
    />
  );
}
