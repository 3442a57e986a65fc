// Group privacy levels (000 sections 3, 4 and 6).

export type TPrivacyLevel = 0 | 1 | 2 | 3 | 4;

/** Coach-side choices: 0 only when Assignments is off, then 1 to 3. */
export function managerPrivacyChoices(assignmentsOn: boolean): TPrivacyLevel[] {
  return assignmentsOn ? [1, 2, 3] : [0, 1, 2, 3];
}

/** Speaker-side choices: 0 only when Assignments is off, then 1 to 4. */
export function speakerPrivacyChoices(assignmentsOn: boolean): TPrivacyLevel[] {
  return assignmentsOn ? [1, 2, 3, 4] : [0, 1, 2, 3, 4];
}

export interface TPrivacyPair {
  managerPrivacyLevel: TPrivacyLevel;
  speakerPrivacyLevel: TPrivacyLevel;
}

/**
 * The coupling rule: setting one side to 0 forces the other to 0; making one side non-zero while
 * the other is 0 lifts the other to 2 (speaker side changed) or 4 (manager side changed).
 */
export function couplePrivacy(prev: TPrivacyPair, changed: 'manager' | 'speaker', value: TPrivacyLevel): TPrivacyPair {
  if (changed === 'manager') {
    if (value === 0) return { managerPrivacyLevel: 0, speakerPrivacyLevel: 0 };
    return {
      managerPrivacyLevel: value,
      speakerPrivacyLevel: prev.speakerPrivacyLevel === 0 ? 4 : prev.speakerPrivacyLevel,
    };
  }
  if (value === 0) return { managerPrivacyLevel: 0, speakerPrivacyLevel: 0 };
  return {
    speakerPrivacyLevel: value,
    managerPrivacyLevel: prev.managerPrivacyLevel === 0 ? 2 : prev.managerPrivacyLevel,
  };
}

/**
 * Whether a pair of levels is one the admin screens can produce: each side among its choices
 * (0 only when Assignments is off) and coupled (0 on one side means 0 on both).
 */
export function isAllowedPrivacyPair(pair: TPrivacyPair, assignmentsOn: boolean): boolean {
  if (!managerPrivacyChoices(assignmentsOn).includes(pair.managerPrivacyLevel)) return false;
  if (!speakerPrivacyChoices(assignmentsOn).includes(pair.speakerPrivacyLevel)) return false;
  return (pair.managerPrivacyLevel === 0) === (pair.speakerPrivacyLevel === 0);
}
