import { METRIC_TITLES, type TVocabulary, VIBE_SCORE_CAPTION } from '@rostrum/contract';
import type { TMail } from '../../mail/mailer.js';

// The texts of the notification emails. Every one names the recipient, says what happened, links
// to it, and ends with the email settings and the unsubscribe link (also as List-Unsubscribe).

export interface TRecipient {
  email: string;
  firstName: string;
  unsubscribeCode: string;
}

interface TRecordingRef {
  id: string;
  title: string;
}

/** One notification email to `to`: the body lines, then the settings and unsubscribe links. */
export function noticeMail(publicUrl: string, to: TRecipient, subject: string, lines: string[]): TMail {
  const unsubscribe = `${publicUrl}/unsubscribe/${to.unsubscribeCode}`;
  return {
    to: to.email,
    subject,
    text: [
      `Hello ${to.firstName},`,
      '',
      ...lines,
      '',
      `Email settings: ${publicUrl}/email-notifications`,
      `Unsubscribe from all Rostrum emails: ${unsubscribe}`,
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  };
}

const recordingLink = (publicUrl: string, rec: TRecordingRef) => `${publicUrl}/evaluate/${rec.id}`;

/**
 * The score as the results page shows it, tied to the landing page's term (001 "Vocal Delivery",
 * 000 "Vibe score"): "Vocal Delivery 7.4 — your Vibe score".
 */
export function vibeScoreLine(overallScore: number): string {
  return `${METRIC_TITLES.overall} ${overallScore.toFixed(1)} — ${VIBE_SCORE_CAPTION}`;
}

/** To the owner: the analysis finished and the results are ready. */
export function recordingProcessedMail(publicUrl: string, to: TRecipient, rec: TRecordingRef & { overallScore: number | null }): TMail {
  return noticeMail(publicUrl, to, `Your results for "${rec.title}" are ready`, [
    `Your recording "${rec.title}" has been analyzed.`,
    ...(rec.overallScore === null ? [] : [vibeScoreLine(rec.overallScore)]),
    `See your results: ${recordingLink(publicUrl, rec)}`,
  ]);
}

/** To a peer: a member of their group shared a recording for feedback. */
export function recordingSharedMail(
  publicUrl: string,
  to: TRecipient,
  rec: TRecordingRef,
  ownerName: string,
  groupName: string,
  v: TVocabulary,
): TMail {
  return noticeMail(publicUrl, to, `${ownerName} shared "${rec.title}" with your ${v.word('group')}`, [
    `${ownerName} shared the recording "${rec.title}" with your ${v.word('group')} ${groupName} and asks for feedback.`,
    `Listen and comment: ${recordingLink(publicUrl, rec)}`,
  ]);
}

/** To a coach: a speaker of their group submitted a recording for review. */
export function recordingSubmittedMail(
  publicUrl: string,
  to: TRecipient,
  rec: TRecordingRef,
  ownerName: string,
  groupName: string,
  v: TVocabulary,
): TMail {
  return noticeMail(publicUrl, to, `${ownerName} submitted "${rec.title}" for review`, [
    `${ownerName}, ${v.word('speaker')} in your ${v.word('group')} ${groupName}, submitted the recording "${rec.title}" for your review.`,
    `Review it: ${recordingLink(publicUrl, rec)}`,
  ]);
}

/** To a coach: a speaker handed a recording in to an assignment of their group. */
export function assignmentCompletedMail(
  publicUrl: string,
  to: TRecipient,
  rec: TRecordingRef,
  ownerName: string,
  assignmentName: string,
  v: TVocabulary,
): TMail {
  return noticeMail(publicUrl, to, `${ownerName} completed "${assignmentName}"`, [
    `${ownerName}, ${v.word('speaker')} in your ${v.word('group')}, completed the assignment "${assignmentName}" with the recording "${rec.title}".`,
    `Review it: ${recordingLink(publicUrl, rec)}`,
  ]);
}

/** To a speaker: a coach assigned them a new assignment (assignmentReceivedFrequency). */
export function assignmentReceivedMail(
  publicUrl: string,
  to: TRecipient,
  assignment: { id: string; name: string },
  coachName: string,
  groupName: string,
  v: TVocabulary,
): TMail {
  return noticeMail(publicUrl, to, `New assignment: "${assignment.name}"`, [
    `${coachName}, your ${v.word('coach')} in the ${v.word('group')} ${groupName}, assigned you "${assignment.name}".`,
    `See the instructions and record for it: ${publicUrl}/assignment/details/${assignment.id}`,
  ]);
}
