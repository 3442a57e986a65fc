import type { TGroup, TRecordingSummary, TVocabulary } from '@rostrum/contract';

// The manage page's wording: the spec's strings (002 sections 2.2, 2.5, 5 and 8) and the
// captions that explain what a coach privacy level lets the coach see.

export const MANAGE_TEXT = {
  processing: 'This recording is still processing.',
  failed: 'This recording could not be processed.',
  noRecordings: 'No recordings found',
  deleteConfirm: 'Delete this recording?',
  renamePrompt: 'Enter new title for this recording, 50 characters max',
} as const;

export const TITLE_MAX = 50;

/** The new-group name field's placeholder (002 section 2.2). */
export function groupNamePlaceholder(orgType: string): string {
  return orgType === 'edu' ? 'enter the course/semester/section number' : 'enter the name';
}

/** What the coach sees in a group, by its coach privacy level (000 section 6; 002 section 2.2 captions). */
export function coachPrivacyCaption(level: TGroup['managerPrivacyLevel'], vocab: TVocabulary): string {
  const s = vocab.word('speakers');
  switch (level) {
    case 0:
      return `Sharing is disabled in this ${vocab.word('group')}: you see every recording but cannot listen to them.`;
    case 1:
      return `Full list: you can listen to every recording of your ${s}.`;
    case 2:
      return `You see every recording, and can listen to those your ${s} submitted to you or shared with the ${vocab.word('group')}.`;
    default:
      return `Only recordings your ${s} submitted to you or shared with the ${vocab.word('group')} are shown, and the counts include only those.`;
  }
}

/** Why a coach sees a recording's title without a link (coach privacy level 0, or 2 on a private one). */
export function listOnlyNote(level: TGroup['managerPrivacyLevel'], vocab: TVocabulary): string {
  return level === 0 ? `Listening is disabled in this ${vocab.word('group')}` : 'Private: not submitted or shared';
}

export type TRowState = 'processing' | 'failed' | 'done';

export function rowState(r: Pick<TRecordingSummary, 'processing' | 'failed'>): TRowState {
  if (r.failed) return 'failed';
  return r.processing ? 'processing' : 'done';
}

/**
 * The peer sharing texts (001 section 6), in the organisation's words: group or class, speakers or
 * students. The assignment's Shared Recordings page says "no other" (002 section 8).
 */
export function peerSharingText(vocab: TVocabulary): { disabled: string; noSpeakers: string; noOtherSpeakers: string } {
  return {
    disabled: `Peer sharing is not enabled on this ${vocab.word('group')}.`,
    noSpeakers: `There are currently no ${vocab.word('speakers')} in this ${vocab.word('group')}.`,
    noOtherSpeakers: `There are currently no other ${vocab.word('speakers')} in this ${vocab.word('group')}.`,
  };
}
