/** A group id as the feedback calls carry it (001 section 7); a private recording has none to send. */
export const groupOf = (groupId: string | null): { groupId?: string } => (groupId ? { groupId } : {});
